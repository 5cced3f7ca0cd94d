/** Header → asset field choices: each header once (a row each), each asset field once (taken ones are disabled). */
import {
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { ASSET_FIELDS, type AssetField, type SheetRow } from '@sightline/shared';
import type { MappingChoice } from './import-form';

export interface MappingTableProps {
  headers: string[];
  sample: SheetRow | undefined;
  choice: MappingChoice;
  onChange: (choice: MappingChoice) => void;
  disabled?: boolean;
}

export function MappingTable({ headers, sample, choice, onChange, disabled }: MappingTableProps) {
  const taken = new Set(Object.values(choice).filter(Boolean));
  return (
    <TableContainer>
      <Table size="small" aria-label="Header mapping">
        <TableHead>
          <TableRow>
            <TableCell>Header</TableCell>
            <TableCell>First row</TableCell>
            <TableCell sx={{ width: 240 }}>Asset field</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {headers
            .map((header, i) => ({ header, i, label: header || `Column ${i + 1}` }))
            .map(({ header, i, label }) => {
              return (
                <TableRow key={label}>
                  <TableCell sx={{ fontWeight: 500 }}>{label}</TableCell>
                  <TableCell sx={{ color: 'text.secondary', maxWidth: 280, overflowWrap: 'anywhere' }}>
                    {sample?.cells[i] ?? ''}
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      disabled={disabled}
                      value={choice[header] ?? ''}
                      onChange={(e) => onChange({ ...choice, [header]: e.target.value as AssetField | '' })}
                      slotProps={{
                        select: {
                          displayEmpty: true,
                          inputProps: { 'aria-label': `Asset field for ${label}` },
                        },
                      }}
                    >
                      <MenuItem value="">
                        <em>Not imported</em>
                      </MenuItem>
                      {ASSET_FIELDS.map((field) => (
                        <MenuItem
                          key={field}
                          value={field}
                          disabled={taken.has(field) && choice[header] !== field}
                        >
                          {field}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              );
            })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
