/**
 * A report's paged list (Exceptions, Zones History): the list call for the site and date range,
 * and the table props — rows, loading, error, paging (10/25/100, kept in the URL) — every paged
 * report table passes to DataTable.
 */
import type { ReactNode } from 'react';
import type { Query } from '../../api/client';
import { useList } from '../../api/hooks';
import { useListState } from '../../components/table/useListState';

export function useReportList<T>(resource: string, query: Query, defaultSort: string, enabled: boolean) {
  const { state, update } = useListState(defaultSort);
  const list = useList<T>(resource, { ...query, limit: state.limit, page: state.page }, { enabled });
  const total = list.data?.total;
  return {
    total,
    /** "{total} {noun}s", or a blank line while loading (keeps the header's height). */
    count: (one: string, many: string): ReactNode =>
      total === undefined ? ' ' : `${total} ${total === 1 ? one : many}`,
    table: {
      rows: list.data?.items,
      fetching: list.isFetching,
      error: list.error,
      onRetry: () => list.refetch(),
      paging: {
        page: state.page,
        limit: state.limit,
        total: total ?? 0,
        onPage: (page: number) => update({ page }),
        onLimit: (limit: number) => update({ limit, page: 0 }),
      },
    },
  };
}
