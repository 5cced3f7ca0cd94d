/** Page, page size and sort of a table kept in the screen (not the URL): editor tabs, an exception's events. */
import { PAGE_SIZE_DEFAULT } from '@sightline/shared';
import { useCallback, useState } from 'react';
import type { Paging } from './TableFrame';

export interface TableState {
  page: number;
  limit: number;
  sort: string | undefined;
}

/** Any change but a page change (a new size, sort or filter: `update({})`) goes back to the first page. */
export function useTableState(sort?: string) {
  const [state, setState] = useState<TableState>({ page: 0, limit: PAGE_SIZE_DEFAULT, sort });
  const update = useCallback(
    (patch: Partial<TableState>) => setState((current) => ({ ...current, page: 0, ...patch })),
    [],
  );
  /** The paging props of a DataTable showing `total` records. */
  const paging = (total: number): Paging => ({
    page: state.page,
    limit: state.limit,
    total,
    onPage: (page) => update({ page }),
    onLimit: (limit) => update({ limit }),
  });
  return { state, update, paging };
}
