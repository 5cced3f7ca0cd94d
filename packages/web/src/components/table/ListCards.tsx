/**
 * The phone layout of a ResourceList: one tappable row per record, the first column as its title.
 * The title is the row's button (named "Open {record}", which contains the title it shows), stretched
 * over the whole row so a tap anywhere opens it; the other lines are plain text beside it. A live list
 * (`holdKey`) holds its order on a phone (held-order.ts), with the same "N updated — show" banner.
 */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { Box, ButtonBase, IconButton, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { cellText, valueAt } from './cell';
import { HeldOrderBanner } from './HeldOrderBanner';
import { useHeldOrder } from './held-order';
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
  holdKey?: string;
}

const stretchedButton = {
  position: 'static',
  display: 'block',
  maxWidth: '100%',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&::after': { content: '""', position: 'absolute', inset: 0 },
  '&.Mui-focusVisible::after': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

export function ListCards<T>({
  columns,
  rows: latestRows,
  loadingRows,
  rowId,
  rowLabel,
  onOpen,
  onDelete,
  label,
  holdKey,
}: ListCardsProps<T>) {
  const held = useHeldOrder(latestRows, rowId, holdKey, true);
  const rows = held.rows;
  const [first, ...rest] = columns.filter((c) => c.hideBelow !== 'sm' && c.hideBelow !== 'md');
  const cell = (c: Column<T>, row: T) => (c.render ? c.render(row) : cellText(valueAt(row, c.field)));
  const lines = (row: T) => (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {first && (
        <Typography variant="body2" component="div" sx={{ fontWeight: 600 }} noWrap>
          {onOpen ? (
            <ButtonBase onClick={() => onOpen(row)} aria-label={`Open ${rowLabel(row)}`} sx={stretchedButton}>
              {cell(first, row)}
            </ButtonBase>
          ) : (
            cell(first, row)
          )}
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
  const list = (
    <List disablePadding aria-label={label}>
      {rows.map((row) => (
        <ListItem
          key={rowId(row)}
          divider
          disablePadding
          sx={onOpen ? { '&:hover': { bgcolor: 'action.hover' } } : undefined}
          secondaryAction={
            onDelete && (
              <IconButton
                edge="end"
                aria-label={`Delete ${rowLabel(row)}`}
                title="Delete"
                onClick={() => onDelete(row)}
                sx={{ color: 'text.secondary' }}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            )
          }
        >
          <Box sx={{ px: 2, py: 1.25, width: '100%', minWidth: 0 }}>{lines(row)}</Box>
        </ListItem>
      ))}
    </List>
  );
  if (holdKey === undefined) return list;
  return (
    <Box data-holds-order>
      {list}
      <HeldOrderBanner pending={held.pending} onShow={held.show} />
    </Box>
  );
}
