/**
 * The one table of the console: headers (sortable where a column says so), a skeleton while
 * loading, rows that open on click or Enter where `onOpen` is given, an optional delete button per
 * row. List screens and the events list use it through ListBody; editor tabs and reports through
 * DataTable (`dense`). Columns left out below a breakpoint are hidden by CSS, so rows a caller adds
 * (`leadingRows`) line up with the rest.
 */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Box,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  type Theme,
  Tooltip,
} from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';
import { visuallyHidden } from '../visuallyHidden';
import { cellText, valueAt } from './cell';
import { HeldOrderBanner } from './HeldOrderBanner';
import { useHeldOrder } from './held-order';
import { sortDirection } from './list-state';
import type { Column } from './types';

export interface TableGridProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  loadingRows: number;
  rowId: (row: T) => string;
  /** The table's accessible name. */
  label?: string;
  /** The current sort ('-time'); sortable columns need `onSort`. */
  sort?: string;
  onSort?: (field: string) => void;
  /** What a row is called in 'Open …' and 'Delete …'. */
  rowLabel?: (row: T) => string;
  /** Opens a row; without it rows are read only (no focus stop, no 'Open …' name). */
  onOpen?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** Rows shown before the fetched ones (e.g. the current zone stay). */
  leadingRows?: ReactNode;
  rowSx?: (row: T) => object | undefined;
  /** Tighter cells and wrapping headers (tables inside editor tabs and reports); no sticky header. */
  dense?: boolean;
  /**
   * Live lists: the query the rows answer (sort, page, filters; changing while a placeholder is
   * shown). Given, the order holds while the pointer or focus is in the table (held-order.ts).
   */
  holdKey?: string;
  /** Phones: one line per cell, every column kept, the first column sticky (DataTable). */
  scrollOnPhone?: boolean;
}

/** Cells of a column left out below its breakpoint. */
const hiddenBelow = (c: { hideBelow?: 'sm' | 'md' }) =>
  c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : undefined;

const DENSE = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3 },
};
// 12 px between columns (16 at the edges) leaves long names room for two lines rather than four.
const ROOMY = {
  '& .MuiTableCell-root': { px: 1.5 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
};

/**
 * A report on a phone: every column kept and each cell on one line, so a row is short and the
 * table scrolls sideways in its card; the first column (what the row is about) stays in view, with
 * a rule on its edge while the others pass under it. That pinned column is narrow (at most
 * 7.5rem, about a third of a 390 px phone) and wraps at spaces instead — a date-time as its
 * date over its clock — so the columns scrolling past keep most of the width.
 */
const PINNED_COLUMN_MAX_WIDTH = '7.5rem';
const PHONE_SCROLL = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .MuiTableCell-root': { whiteSpace: 'nowrap' },
    '& .MuiTableCell-root:first-of-type': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      bgcolor: 'background.paper',
      boxShadow: `inset -1px 0 0 ${theme.palette.divider}`,
      // The table is as narrow as its cells allow, so this column takes its longest word
      // ('2026/11/27'); a word is never broken into letters.
      whiteSpace: 'normal',
      maxWidth: PINNED_COLUMN_MAX_WIDTH,
      overflowWrap: 'break-word',
      '& .keep-whole': { whiteSpace: 'normal' },
    },
  },
});

export function TableGrid<T>(props: TableGridProps<T>) {
  const { columns } = props;
  const rowLabel = props.rowLabel ?? props.rowId;
  const span = columns.length + (props.onDelete ? 1 : 0);
  const held = useHeldOrder(props.rows, props.rowId, props.holdKey);
  const rows = held.rows;
  const table = (
    <Table
      size="small"
      stickyHeader={!props.dense}
      aria-label={props.label}
      aria-busy={props.rows === undefined}
      sx={[props.dense ? DENSE : ROOMY, props.scrollOnPhone ? PHONE_SCROLL : false]}
    >
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <HeaderCell key={c.field} column={c} sort={props.sort} onSort={props.onSort} />
          ))}
          {props.onDelete && (
            <TableCell align="right" sx={{ width: 56 }} className="no-print">
              <span style={visuallyHidden}>Actions</span>
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows === undefined
          ? Array.from({ length: props.loadingRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <TableRow key={i}>
                {Array.from({ length: span }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                  <TableCell key={j} sx={columns[j] && hiddenBelow(columns[j])}>
                    <Skeleton variant="text" width={j === 0 ? '60%' : '40%'} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : [
              props.leadingRows,
              ...rows.map((row) => (
                <TableRow
                  key={props.rowId(row)}
                  hover={Boolean(props.onOpen)}
                  {...openProps(props.onOpen, row, rowLabel, props.rowSx?.(row))}
                >
                  {columns.map((c) => (
                    <TableCell key={c.field} align={c.align} sx={{ ...c.sx, ...hiddenBelow(c) }}>
                      {c.render ? c.render(row) : cellText(valueAt(row, c.field))}
                    </TableCell>
                  ))}
                  {props.onDelete && (
                    <TableCell align="right" sx={{ py: 0.25 }} className="no-print">
                      <Tooltip title="Delete">
                        <IconButton
                          size="small"
                          aria-label={`Delete ${rowLabel(row)}`}
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
              )),
            ]}
      </TableBody>
    </Table>
  );
  if (props.holdKey === undefined) return table;
  return (
    <Box {...held.holdProps} data-holds-order>
      {table}
      <HeldOrderBanner pending={held.pending} onShow={held.show} />
    </Box>
  );
}

/** A header with a hint: its label dotted-underlined, as abbreviations with a title are. */
const HINTED = { textDecoration: 'underline dotted', textUnderlineOffset: 3 };

function HeaderCell<T>(props: { column: Column<T>; sort?: string; onSort?: (field: string) => void }) {
  const c = props.column;
  const key = c.sortField ?? c.field;
  const direction = sortDirection(props.sort, key);
  const label = c.labelHidden ? <span style={visuallyHidden}>{c.label}</span> : c.label;
  const sortable = Boolean(c.sortable && props.onSort);
  const button = sortable && (
    <TableSortLabel
      sx={c.hint ? HINTED : undefined}
      active={direction !== undefined}
      direction={direction ?? 'asc'}
      onClick={() => props.onSort?.(key)}
    >
      {label}
      {direction && (
        <span style={visuallyHidden}>{direction === 'desc' ? 'sorted descending' : 'sorted ascending'}</span>
      )}
    </TableSortLabel>
  );
  return (
    <TableCell
      align={c.align}
      sx={{ width: c.width, ...(c.wrapLabel && { whiteSpace: 'normal' }), ...hiddenBelow(c) }}
      sortDirection={direction ?? false}
    >
      {c.hint ? (
        // describeChild: the hint describes the header, whose name stays its label. Without a sort
        // button the label itself takes the focus, so the hint shows from the keyboard too.
        <Tooltip title={c.hint} describeChild>
          {button || (
            <Box component="span" tabIndex={0} sx={HINTED}>
              {label}
            </Box>
          )}
        </Tooltip>
      ) : (
        button || label
      )}
    </TableCell>
  );
}

/** A clickable row: a focus stop named 'Open …' that Enter opens too. */
function openProps<T>(
  onOpen: ((row: T) => void) | undefined,
  row: T,
  rowLabel: (row: T) => string,
  sx: object | undefined,
) {
  if (!onOpen) return { sx };
  return {
    tabIndex: 0,
    'aria-label': `Open ${rowLabel(row)}`,
    onClick: () => onOpen(row),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row);
    },
    sx: { cursor: 'pointer', outline: 'none', ...sx },
  };
}
