/**
 * The frame every data table sits in (lists, events, editor tabs): an outlined card with an
 * optional toolbar, a thin progress bar while a loaded table refetches, a failure state with
 * Try again, an empty state, and server paging (10, 25 or 100 rows a page). The table itself is
 * `children`.
 */
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { Box, Button, LinearProgress, Paper, TablePagination, useMediaQuery, useTheme } from '@mui/material';
import { PAGE_SIZE_OPTIONS } from '@sightline/shared';
import type { ReactNode } from 'react';
import { errorText, isRetryable, totalText } from '../../api/client';
import { EmptyState } from '../EmptyState';

export interface Paging {
  page: number;
  limit: number;
  total: number;
  /** The total is the server's cap: more records match ("1–25 of 10,000+"). */
  totalCapped?: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export interface TableFrameProps {
  /** The rows (possibly none) have arrived; until then the table shows its skeleton. */
  loaded: boolean;
  fetching?: boolean;
  error?: unknown;
  /** 'Could not load …'. */
  errorTitle: string;
  onRetry?: () => unknown;
  /** Shown instead of the table when set (the caller sets it when there are no rows). */
  empty?: ReactNode;
  /** Above the table, inside the card (search, filters, a heading). */
  toolbar?: ReactNode;
  paging?: Paging;
  /**
   * Paging appears only once there is more than the smallest page (tables inside editor tabs);
   * otherwise whenever there are records, as on list screens.
   */
  pagingWhenNeeded?: boolean;
  children: ReactNode;
}

export function TableFrame(props: TableFrameProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { paging } = props;
  const failed = Boolean(props.error) && !props.loaded;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {props.toolbar}
      <Box sx={{ position: 'relative' }}>
        {props.fetching && props.loaded && (
          <LinearProgress
            aria-label="Loading"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }}
          />
        )}
        {failed ? (
          <EmptyState
            icon={<ErrorOutlineRounded />}
            tone="error"
            title={props.errorTitle}
            description={errorText(props.error)}
            action={
              props.onRetry &&
              isRetryable(props.error) && <Button onClick={() => void props.onRetry?.()}>Try again</Button>
            }
          />
        ) : props.empty ? (
          props.empty
        ) : (
          props.children
        )}
      </Box>
      {paging &&
        !failed &&
        (paging.total > (props.pagingWhenNeeded ? PAGE_SIZE_OPTIONS[0] : 0) || paging.page > 0) && (
          <TablePagination
            className="no-print"
            component="div"
            count={paging.total}
            page={paging.page}
            rowsPerPage={paging.limit}
            rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
            onPageChange={(_, page) => paging.onPage(page)}
            onRowsPerPageChange={(e) => paging.onLimit(Number(e.target.value))}
            labelRowsPerPage={phone ? 'Rows:' : 'Rows per page:'}
            labelDisplayedRows={
              paging.totalCapped
                ? ({ from, to, count }) => `${from}–${to} of ${totalText(count, true)}`
                : undefined
            }
            sx={{
              borderTop: 1,
              borderColor: 'divider',
              '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
            }}
          />
        )}
    </Paper>
  );
}
