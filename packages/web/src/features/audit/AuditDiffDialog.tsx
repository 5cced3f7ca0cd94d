/** One audit row: who, when, from where, and its before/after table, fields named as their editors name them. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AuditRow } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import { formatListDateTime } from '../../components/format';
import { actionLabel, actorLabel, diffLines, recordLabel, resourceLabel } from './audit-text';
import { fieldLabeller } from './field-labels';

const CELL = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 13,
  wordBreak: 'break-word',
};

export function AuditDiffDialog({ row, onClose }: { row: AuditRow | undefined; onClose: () => void }) {
  const { settings } = useSession();
  const lines = row ? diffLines(row, fieldLabeller(row.resource, settings)) : [];
  return (
    <Dialog
      open={row !== undefined}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="audit-row-title"
    >
      <DialogTitle id="audit-row-title">
        {row ? `${actionLabel(row.action)} · ${resourceLabel(row.resource)}` : ''}
      </DialogTitle>
      <DialogContent>
        {row && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {formatListDateTime(row.time)} · {actorLabel(row.actor)}
              {row.ip ? ` · ${row.ip}` : ''}
              {row.resourceId ? ` · ${recordLabel(row)}` : ''}
            </Typography>
            {lines.length === 0 ? (
              <Typography variant="body2">Nothing changed.</Typography>
            ) : (
              <Table size="small" aria-label="Before and after">
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Before</TableCell>
                    <TableCell>After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((l) => (
                    <TableRow key={l.path}>
                      <TableCell component="th" scope="row">
                        {l.field}
                      </TableCell>
                      <TableCell sx={CELL}>{l.before}</TableCell>
                      <TableCell sx={CELL}>{l.after}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
