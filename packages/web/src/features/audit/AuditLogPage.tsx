/**
 * Audit Log: every change, sign-in, read of a worker's whereabouts and erasure of the
 * organization, newest first, filtered by date range (with the quick ranges), actor, action and
 * resource (kept in the URL); a row opens its before/after table; Download XLSX exports what the
 * filters select.
 */
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import { MenuItem, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { type AuditRow, SEARCH_DEBOUNCE_MS } from '@sightline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { type Column, EmptyState, PageHeader } from '../../components';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { DownloadButton } from '../../components/DownloadButton';
import type { DateRange } from '../../components/date-range';
import { formatListDateTime } from '../../components/format';
import { ListBody } from '../../components/table/ListBody';
import { listApiQuery, toggleSort } from '../../components/table/list-state';
import { TableFrame } from '../../components/table/TableFrame';
import { useListState } from '../../components/table/useListState';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { downloadFile } from '../things/download';
import { AuditDiffDialog } from './AuditDiffDialog';
import { ACTION_LABELS, AUDIT_RESOURCES, actionLabel, recordLabel, resourceLabel } from './audit-text';
import { auditKeys } from './keys';

const COLUMNS: Column<AuditRow>[] = [
  { field: 'time', label: 'Time', sortable: true, render: (r) => formatListDateTime(r.time) },
  { field: 'actor.name', label: 'Actor', render: (r) => r.actor.name },
  { field: 'action', label: 'Action', render: (r) => actionLabel(r.action) },
  { field: 'resource', label: 'Resource', render: (r) => resourceLabel(r.resource) },
  { field: 'resourceId', label: 'Record', render: (r) => <RecordCell row={r} /> },
  { field: 'ip', label: 'IP', hideBelow: 'md' },
];

/** The record's name where the row carries one, its id in the title; else the id (or '—') itself. */
function RecordCell({ row }: { row: AuditRow }) {
  const label = recordLabel(row);
  if (!row.resourceId || label === row.resourceId) return <>{label}</>;
  return <span title={row.resourceId}>{label}</span>;
}

const FILTER = { size: 'small' as const, sx: { width: { xs: '100%', sm: 180 } } };

export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const { state, update } = useListState('-time');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState<AuditRow | undefined>();
  const range: DateRange = {
    after: params.get('after') || undefined,
    before: params.get('before') || undefined,
  };
  const action = params.get('action') ?? '';
  const resource = params.get('resource') ?? '';
  const [actorInput, setActorInput] = useState(params.get('actor') ?? '');
  const actor = useDebouncedValue(actorInput.trim(), SEARCH_DEBOUNCE_MS);

  const setFilters = (patch: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the typed actor alone moves the URL
  useEffect(() => {
    if (actor !== (params.get('actor') ?? '')) setFilters({ actor });
  }, [actor]);

  const filters = {
    after: range.after,
    before: range.before,
    actor: params.get('actor') || undefined,
    action: action || undefined,
    resource: resource || undefined,
  };
  const query = listApiQuery({ ...state, search: '' }, filters);
  const list = useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => api.list<AuditRow>('audit', query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items;
  const total = list.data?.total;

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle={total === undefined ? ' ' : `${total} ${total === 1 ? 'entry' : 'entries'}`}
        actions={<DownloadButton run={() => downloadFile('audit/export', filters, 'audit.xlsx')} />}
      />
      <TableFrame
        loaded={rows !== undefined}
        fetching={list.isFetching}
        error={list.error}
        errorTitle="Could not load the audit log"
        onRetry={list.refetch}
        toolbar={
          <Stack sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <DateRangeFilter
              value={range}
              onChange={(r) => setFilters({ after: r.after, before: r.before })}
              onReset={() => {
                setActorInput('');
                setFilters({
                  after: undefined,
                  before: undefined,
                  actor: undefined,
                  action: undefined,
                  resource: undefined,
                });
              }}
            >
              <TextField
                {...FILTER}
                label="Actor"
                value={actorInput}
                onChange={(e) => setActorInput(e.target.value)}
              />
              <TextField
                {...FILTER}
                select
                label="Action"
                value={action}
                onChange={(e) => setFilters({ action: e.target.value })}
              >
                <MenuItem value="">Any action</MenuItem>
                {Object.entries(ACTION_LABELS).map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...FILTER}
                select
                label="Resource"
                value={resource}
                onChange={(e) => setFilters({ resource: e.target.value })}
              >
                <MenuItem value="">Any resource</MenuItem>
                {AUDIT_RESOURCES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {resourceLabel(r)}
                  </MenuItem>
                ))}
              </TextField>
            </DateRangeFilter>
          </Stack>
        }
        empty={
          rows?.length === 0 && (
            <EmptyState
              icon={<HistoryEduOutlined />}
              title="No entries"
              description="Nothing was recorded that matches these filters."
            />
          )
        }
        paging={{
          page: state.page,
          limit: state.limit,
          total: total ?? 0,
          totalCapped: list.data?.totalCapped,
          onPage: (page) => update({ page }),
          onLimit: (limit) => update({ limit }),
        }}
      >
        <ListBody
          phone={phone}
          label="Audit log"
          columns={COLUMNS}
          rows={rows}
          loadingRows={8}
          sort={state.sort}
          onSort={(field) => update({ sort: toggleSort(state.sort, field) })}
          rowId={(r) => r.id}
          rowLabel={(r) =>
            `${actionLabel(r.action)} of ${resourceLabel(r.resource)} ${recordLabel(r)} by ${r.actor.name}`
          }
          onOpen={setOpen}
        />
      </TableFrame>
      <AuditDiffDialog row={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
