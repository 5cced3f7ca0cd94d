/** The phone layout of a ResourceList: one tappable row per record, the first column as its title. */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { Box, IconButton, List, ListItem, ListItemButton, Skeleton, Stack, Typography } from '@mui/material';
import { cellText, valueAt } from './cell';
import type { Column } from './types';

interface ListCardsProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  loadingRows: number;
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
  onOpen?: (row: T) => void;
  onDelete?: (row: T) => void;
  label?: string;
}

export function ListCards<T>({
  columns,
  rows,
  loadingRows,
  rowId,
  rowLabel,
  onOpen,
  onDelete,
  label,
}: ListCardsProps<T>) {
  const [first, ...rest] = columns.filter((c) => c.hideBelow !== 'sm' && c.hideBelow !== 'md');
  const cell = (c: Column<T>, row: T) => (c.render ? c.render(row) : cellText(valueAt(row, c.field)));
  const lines = (row: T) => (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {first && (
        <Typography variant="body2" component="div" sx={{ fontWeight: 600 }} noWrap>
          {cell(first, row)}
        </Typography>
      )}
      {rest.map((c) => (
        <Box
          key={c.field}
          sx={{ typography: 'body2', color: 'text.secondary', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {c.cardLabel && (
            <Box component="span" sx={{ color: 'text.primary', fontWeight: 500 }}>
              {`${c.label}: `}
            </Box>
          )}
          {cell(c, row)}
        </Box>
      ))}
    </Stack>
  );
  if (!rows) {
    return (
      <List disablePadding aria-busy aria-label={label}>
        {Array.from({ length: loadingRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <ListItem key={i} divider>
            <Box sx={{ width: '100%' }}>
              <Skeleton width="50%" />
              <Skeleton width="70%" />
            </Box>
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <List disablePadding aria-label={label}>
      {rows.map((row) => (
        <ListItem
          key={rowId(row)}
          divider
          disablePadding
          secondaryAction={
            onDelete && (
              <IconButton
                edge="end"
                aria-label={`Delete ${rowLabel(row)}`}
                onClick={() => onDelete(row)}
                sx={{ color: 'text.secondary' }}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            )
          }
        >
          {onOpen ? (
            <ListItemButton
              onClick={() => onOpen(row)}
              aria-label={`Open ${rowLabel(row)}`}
              sx={{ py: 1.25 }}
            >
              {lines(row)}
            </ListItemButton>
          ) : (
            <Box sx={{ px: 2, py: 1.25, width: '100%' }}>{lines(row)}</Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}
