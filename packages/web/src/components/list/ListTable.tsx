/** The table body of a ResourceList: sortable headers, clickable rows, skeleton while loading. */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { KeyboardEvent } from 'react';
import { visuallyHidden } from '../visuallyHidden';
import { cellText, valueAt } from './cell';
import { sortDirection } from './list-state';
import type { Column } from './types';

interface ListTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  loadingRows: number;
  sort: string | undefined;
  onSort: (field: string) => void;
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
  /** Opens a row; without it rows are read only (no focus stop, no 'Open …' name). */
  onOpen?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** The table's accessible name. */
  label?: string;
}

export function ListTable<T>(props: ListTableProps<T>) {
  const theme = useTheme();
  const aboveSm = useMediaQuery(theme.breakpoints.up('sm'));
  const aboveMd = useMediaQuery(theme.breakpoints.up('md'));
  const columns = props.columns.filter((c) => !c.hideBelow || (c.hideBelow === 'sm' ? aboveSm : aboveMd));
  const span = columns.length + (props.onDelete ? 1 : 0);
  return (
    <Table
      size="small"
      stickyHeader
      aria-label={props.label}
      aria-busy={props.rows === undefined}
      // 12 px between columns (16 at the edges) leaves long names room for two lines rather than four.
      sx={{
        '& .MuiTableCell-root': { px: 1.5 },
        '& .MuiTableCell-root:first-of-type': { pl: 2 },
        '& .MuiTableCell-root:last-of-type': { pr: 2 },
      }}
    >
      <TableHead>
        <TableRow>
          {columns.map((c) => {
            const key = c.sortField ?? c.field;
            const direction = sortDirection(props.sort, key);
            return (
              <TableCell
                key={c.field}
                align={c.align}
                sx={{ width: c.width }}
                sortDirection={direction ?? false}
              >
                {c.sortable ? (
                  <TableSortLabel
                    active={direction !== undefined}
                    direction={direction ?? 'asc'}
                    onClick={() => props.onSort(key)}
                  >
                    {c.label}
                    {direction && (
                      <span style={visuallyHidden}>
                        {direction === 'desc' ? 'sorted descending' : 'sorted ascending'}
                      </span>
                    )}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            );
          })}
          {props.onDelete && (
            <TableCell align="right" sx={{ width: 56 }} className="no-print">
              <span style={visuallyHidden}>Actions</span>
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows === undefined
          ? Array.from({ length: props.loadingRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <TableRow key={i}>
                {Array.from({ length: span }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                  <TableCell key={j}>
                    <Skeleton variant="text" width={j === 0 ? '60%' : '40%'} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : props.rows.map((row) => (
              <TableRow
                key={props.rowId(row)}
                hover={Boolean(props.onOpen)}
                {...openProps(props.onOpen, row, props.rowLabel)}
              >
                {columns.map((c) => (
                  <TableCell key={c.field} align={c.align}>
                    {c.render ? c.render(row) : cellText(valueAt(row, c.field))}
                  </TableCell>
                ))}
                {props.onDelete && (
                  <TableCell align="right" sx={{ py: 0.25 }} className="no-print">
                    <Tooltip title="Delete">
                      <IconButton
                        size="small"
                        aria-label={`Delete ${props.rowLabel(row)}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          props.onDelete?.(row);
                        }}
                        onKeyDown={(e) => e.stopPropagation()}
                        sx={{ color: 'text.secondary', '&:hover': { color: 'error.main' } }}
                      >
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

/** A clickable row: a focus stop named 'Open …' that Enter opens too. */
function openProps<T>(onOpen: ((row: T) => void) | undefined, row: T, rowLabel: (row: T) => string) {
  if (!onOpen) return {};
  return {
    tabIndex: 0,
    'aria-label': `Open ${rowLabel(row)}`,
    onClick: () => onOpen(row),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row);
    },
    sx: { cursor: 'pointer', outline: 'none' },
  };
}
