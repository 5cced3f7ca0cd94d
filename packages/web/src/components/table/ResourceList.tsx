/**
 * The generic list screen. A screen declares its resource, title, columns, editor
 * path and permissions; this does search, paging, sorting, URL state, add, delete and the
 * loading, empty and failure states.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { Button, useMediaQuery, useTheme } from '@mui/material';
import { MSG } from '@sightline/shared';
import { useEffect, useState } from 'react';
import { errorData, totalText } from '../../api/client';
import { recordId, useDelete, useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { useSiteNavigate } from '../../navigation/site-links';
import { ConfirmDialog } from '../ConfirmDialog';
import { EmptyState } from '../EmptyState';
import { useNotify } from '../notify';
import { PageHeader } from '../PageHeader';
import { lowerTitle, valueAt } from './cell';
import { holdKeyOf } from './held-order';
import { ListBody } from './ListBody';
import { ListToolbar } from './ListToolbar';
import { listApiQuery, toggleSort } from './list-state';
import { TableFrame } from './TableFrame';
import type { ResourceListProps } from './types';
import { useListState } from './useListState';

export function ResourceList<T>(props: ResourceListProps<T>) {
  const { resource, title, columns, editPath, entityName = 'item', searchable = true } = props;
  const session = useSession();
  const navigate = useSiteNavigate();
  const notify = useNotify();
  const { state, update, searchInput, setSearchInput } = useListState(props.defaultSort);
  const filters = props.siteScoped ? { ...props.filters, site: session.siteId } : props.filters;
  const apiQuery = listApiQuery(state, filters, props.searchParam);
  const list = useList<T>(resource, apiQuery);
  const remove = useDelete(resource);
  const [pending, setPending] = useState<T | undefined>();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const rule = props.permissions?.resource ?? resource;
  const canCreate = props.permissions?.create ?? session.can(rule, 'create');
  const canDelete = props.permissions?.delete ?? session.can(rule, 'delete');
  const rowId = props.rowId ?? recordId;
  const rowLabel = (row: T) => String(valueAt(row, columns[0]?.field ?? 'name') ?? entityName);
  const rows = list.data?.items;
  const total = list.data?.total ?? 0;

  // After deleting the last row of the last page, step back to the page that still has rows.
  useEffect(() => {
    if (rows && rows.length === 0 && state.page > 0 && total > 0)
      update({ page: Math.max(0, Math.ceil(total / state.limit) - 1) });
  }, [rows, state.page, state.limit, total, update]);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(rowId(pending), {
      onSuccess: () => setPending(undefined),
      onError: (error) => {
        setPending(undefined);
        notify.error(MSG.deleteFailed(errorData(error)));
      },
    });
  };
  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => navigate(`${editPath}/new`)}>
      {props.addLabel ?? 'Add'}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          list.data
            ? `${totalText(total, list.data.totalCapped)} ${total === 1 && !list.data.totalCapped ? 'record' : 'records'}`
            : ' '
        }
        actions={
          <>
            {props.actions}
            {addButton}
          </>
        }
      />
      <TableFrame
        loaded={rows !== undefined}
        fetching={list.isFetching}
        error={list.error}
        errorTitle={`Could not load ${lowerTitle(title)}`}
        onRetry={() => list.refetch()}
        toolbar={
          <ListToolbar
            title={title}
            searchable={searchable}
            searchInput={searchInput}
            onSearchInput={setSearchInput}
            phone={phone}
            columns={columns}
            sort={state.sort}
            onSort={(sort) => update({ sort })}
          />
        }
        empty={
          rows?.length === 0 &&
          (state.search ? (
            <EmptyState
              icon={<SearchOffRounded />}
              title="No matches"
              description={`Nothing in ${lowerTitle(title)} matches “${state.search}”.`}
              action={<Button onClick={() => setSearchInput('')}>Clear search</Button>}
            />
          ) : (
            <EmptyState
              icon={props.emptyIcon ?? <InboxOutlined />}
              title={`No ${lowerTitle(title)} yet`}
              description={canCreate ? `Use Add to create the first one.` : undefined}
              action={addButton}
            />
          ))
        }
        paging={{
          page: state.page,
          limit: state.limit,
          total,
          totalCapped: list.data?.totalCapped,
          onPage: (page) => update({ page }),
          onLimit: (limit) => update({ limit }),
        }}
      >
        <ListBody
          phone={phone}
          columns={columns}
          rows={rows}
          loadingRows={Math.min(state.limit, 8)}
          sort={state.sort}
          onSort={(field) => update({ sort: toggleSort(state.sort, field) })}
          rowId={rowId}
          rowLabel={rowLabel}
          onOpen={(row) => navigate(`${editPath}/${rowId(row)}`)}
          onDelete={canDelete ? setPending : undefined}
          // Rows from before this screen opened (the cache) are not held: the first answer since
          // it opened replaces them, so a record just created shows on return to its list.
          holdKey={holdKeyOf(apiQuery, list.isPlaceholderData || !list.isFetchedAfterMount)}
        />
      </TableFrame>
      <ConfirmDialog
        open={pending !== undefined}
        message={MSG.deleteConfirm(entityName)}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPending(undefined)}
      />
    </>
  );
}
