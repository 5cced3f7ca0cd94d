/**
 * A read-only table in its frame (editor tabs: zone stays, links, heartbeats, a site's endpoints;
 * reports): the one TableGrid, dense, with TableFrame's failure and empty states and paging.
 */
import { TableContainer } from '@mui/material';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '../EmptyState';
import { lowerTitle } from './cell';
import { type Paging, TableFrame } from './TableFrame';
import { TableGrid } from './TableGrid';
import type { Column } from './types';

export interface DataTableProps<T> {
  /** The table's accessible name; also says what failed to load. */
  label: string;
  columns: Column<T>[];
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
  /**
   * Phones keep every column: cells stay on one line, the table scrolls sideways inside its card
   * and the first column stays in view (reports, whose columns are all worth reading).
   */
  scrollOnPhone?: boolean;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { rows } = props;
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
      <TableContainer
        // A region that scrolls is reachable by keyboard and named (WCAG 2.1.1).
        {...(props.scrollOnPhone && { tabIndex: 0, role: 'region', 'aria-label': props.label })}
        data-scrolls-on-phone={props.scrollOnPhone || undefined}
      >
        <TableGrid
          dense
          label={props.label}
          columns={props.columns}
          rows={rows}
          loadingRows={3}
          rowId={props.rowKey}
          leadingRows={props.leadingRows}
          rowSx={props.rowSx}
          scrollOnPhone={props.scrollOnPhone}
        />
      </TableContainer>
    </TableFrame>
  );
}
