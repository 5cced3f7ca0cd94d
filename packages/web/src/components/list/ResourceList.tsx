/**
 * The generic list screen of SPEC 2.7. A screen declares its resource, title, columns, editor
 * path and permissions; this does search, paging, sorting, URL state, add, delete and the
 * loading, empty and failure states.
 */
import AddRounded from '@mui/icons-material/AddRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { Box, Button, LinearProgress, Paper, TablePagination, useMediaQuery, useTheme } from '@mui/material';
import { MSG, PAGE_SIZE_OPTIONS } from '@sightline/shared';
import { useEffect, useState } from 'react';
import { errorData, errorText } from '../../api/client';
import { recordId, useDelete, useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { useSiteNavigate } from '../../app/site-links';
import { ConfirmDialog } from '../ConfirmDialog';
import { EmptyState } from '../EmptyState';
import { useNotify } from '../notify';
import { PageHeader } from '../PageHeader';
import { valueAt } from './cell';
import { ListBody } from './ListBody';
import { ListToolbar } from './ListToolbar';
import { listApiQuery, toggleSort } from './list-state';
import type { ResourceListProps } from './types';
import { useListState } from './useListState';

export function ResourceList<T>(props: ResourceListProps<T>) {
  const { resource, title, columns, editPath, entityName = 'item', searchable = true } = props;
  const session = useSession();
  const navigate = useSiteNavigate();
  const notify = useNotify();
  const { state, update, searchInput, setSearchInput } = useListState(props.defaultSort);
  const filters = props.siteScoped ? { ...props.filters, site: session.siteId } : props.filters;
  const list = useList<T>(resource, listApiQuery(state, filters));
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
        subtitle={list.data ? `${total} ${total === 1 ? 'record' : 'records'}` : ' '}
        actions={
          <>
            {props.actions}
            {addButton}
          </>
        }
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
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
        <Box sx={{ position: 'relative' }}>
          {list.isFetching && rows && (
            <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />
          )}
          {list.error && !rows ? (
            <EmptyState
              icon={<ErrorOutlineRounded />}
              tone="error"
              title={`Could not load ${title.toLowerCase()}`}
              description={errorText(list.error)}
              action={<Button onClick={() => list.refetch()}>Try again</Button>}
            />
          ) : rows && rows.length === 0 ? (
            state.search ? (
              <EmptyState
                icon={<SearchOffRounded />}
                title="No matches"
                description={`Nothing in ${title.toLowerCase()} matches “${state.search}”.`}
                action={<Button onClick={() => setSearchInput('')}>Clear search</Button>}
              />
            ) : (
              <EmptyState
                icon={props.emptyIcon ?? <InboxOutlined />}
                title={`No ${title.toLowerCase()} yet`}
                description={canCreate ? `Use Add to create the first one.` : undefined}
                action={addButton}
              />
            )
          ) : (
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
            />
          )}
        </Box>
        {(total > 0 || state.page > 0) && (
          <TablePagination
            className="no-print"
            component="div"
            count={total}
            page={state.page}
            rowsPerPage={state.limit}
            rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
            onPageChange={(_, page) => update({ page })}
            onRowsPerPageChange={(e) => update({ limit: Number(e.target.value) })}
            labelRowsPerPage={phone ? 'Rows:' : 'Rows per page:'}
            sx={{
              borderTop: 1,
              borderColor: 'divider',
              '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
            }}
          />
        )}
      </Paper>
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
