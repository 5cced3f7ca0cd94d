/**
 * A small read-only table (editor tabs: zone stays, links, heartbeats, a site's endpoints): its
 * columns, a skeleton while loading, and from TableFrame the failure and empty states and paging.
 */
import { Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './EmptyState';
import { lowerTitle } from './list/cell';
import { type Paging, TableFrame } from './TableFrame';

export interface DataColumn<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number;
  /** Left out on screens narrower than this breakpoint (phones). */
  hideBelow?: 'sm' | 'md';
  /** Extra style of the column's body cells. */
  sx?: object;
}

export interface DataTableProps<T> {
  /** The table's accessible name; also says what failed to load. */
  label: string;
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => unknown;
  /** Default 'Could not load {label}'. */
  errorTitle?: string;
  empty: Pick<EmptyStateProps, 'icon' | 'title' | 'description'>;
  paging?: Paging;
  /** Rows shown before the fetched ones (e.g. the current zone stay). */
  leadingRows?: ReactNode;
  rowSx?: (row: T) => object | undefined;
  /** Above the table, inside its card (a heading). */
  toolbar?: ReactNode;
}

const hidden = (c: { hideBelow?: 'sm' | 'md' }) =>
  c.hideBelow ? { display: { xs: 'none', [c.hideBelow]: 'table-cell' } } : undefined;

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows } = props;
  const hasRows = (rows?.length ?? 0) > 0 || Boolean(props.leadingRows);
  return (
    <TableFrame
      loaded={rows !== undefined}
      fetching={props.fetching}
      error={props.error}
      errorTitle={props.errorTitle ?? `Could not load ${lowerTitle(props.label)}`}
      onRetry={props.onRetry}
      empty={rows && !hasRows && <EmptyState {...props.empty} />}
      paging={props.paging}
      pagingWhenNeeded
      toolbar={props.toolbar}
    >
      <TableContainer>
        <Table
          size="small"
          aria-label={props.label}
          aria-busy={rows === undefined}
          // Tables in editor tabs: tighter cells and wrapping headers fit many columns.
          sx={{
            '& .MuiTableCell-root': { px: 1 },
            '& .MuiTableCell-root:first-of-type': { pl: 2 },
            '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3 },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ width: c.width, ...hidden(c) }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === undefined
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    {columns.map((c) => (
                      <TableCell key={c.key} sx={hidden(c)}>
                        <Skeleton variant="text" width="60%" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : [
                  props.leadingRows,
                  ...rows.map((row) => (
                    <TableRow key={props.rowKey(row)} sx={props.rowSx?.(row)}>
                      {columns.map((c) => (
                        <TableCell key={c.key} align={c.align} sx={{ ...c.sx, ...hidden(c) }}>
                          {c.render(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  )),
                ]}
          </TableBody>
        </Table>
      </TableContainer>
    </TableFrame>
  );
}
