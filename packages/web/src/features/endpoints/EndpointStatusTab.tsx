/**
 * The Status tab: the endpoint's status records (heartbeats and management events: antenna, GPI,
 * warning, error, inventory, overflow), newest first, with the reader's antenna states as last
 * reported, and whether it is stale (nothing heard for more than STALE_HEARTBEAT_MINUTES).
 */
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import { Box, Chip, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import {
  type AntennaStatus,
  type EndpointStatus,
  type EndpointStatusKind,
  type EndpointStatusSummary,
  STALE_HEARTBEAT_MINUTES,
} from '@sightline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { EditorTabProps } from '../../components';
import {
  formatDateTime,
  formatListDateTime,
  formatSeconds,
  formatTemperature,
  NONE,
} from '../../components/format';
import { DataTable } from '../../components/table/DataTable';
import type { Column } from '../../components/table/types';
import { useTableState } from '../../components/table/useTableState';
import type { EndpointForm } from './endpoint-form';
import { endpointKeys } from './keys';

const REFRESH_MS = 60_000;
/** Phones have no room for the IP Address and Version columns: they go under the time. */
function TimeCell({ s }: { s: EndpointStatus }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: { sm: 'nowrap' } }}>
        {formatListDateTime(s.time)}
      </Box>
      <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
        {[s.ip, s.version].filter(Boolean).join(' · ') || NONE}
      </Box>
    </>
  );
}

const KIND_LABELS: Record<EndpointStatusKind, string> = {
  heartbeat: 'Heartbeat',
  antenna: 'Antenna',
  gpi: 'GPI',
  warning: 'Warning',
  error: 'Error',
  inventory: 'Inventory',
  overflow: 'Overflow',
};

/** What reported the record, and what it said under it. */
function EventCell({ s }: { s: EndpointStatus }) {
  const color = s.kind === 'error' ? 'error.main' : undefined;
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 500, color }}>
        {KIND_LABELS[s.kind]}
      </Box>
      {s.message && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {s.message}
        </Box>
      )}
    </>
  );
}

/** Ports by state, one line each: 'Connected 1, 2' / 'Disconnected 3, 4'. */
function antennaLines(antennas: readonly AntennaStatus[]): string[] {
  const ports = (state: AntennaStatus['state']) =>
    antennas.filter((a) => a.state === state).map((a) => a.antenna);
  const parts = [
    ['Connected', ports('connected')],
    ['Disconnected', ports('disconnected')],
  ] as const;
  return parts.filter(([, list]) => list.length).map(([label, list]) => `${label} ${list.join(', ')}`);
}

/** Lines that do not break inside themselves, or '—'. */
function Lines({ lines }: { lines: string[] }) {
  if (!lines.length) return <>{NONE}</>;
  return (
    <>
      {lines.map((line) => (
        <Box key={line} component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {line}
        </Box>
      ))}
    </>
  );
}

const formatCpu = (cpu: number | null) => (cpu === null ? NONE : `${Math.round(cpu * 10) / 10}\u00a0%`);

/** Dropped and buffered messages: '1200 dropped' / '0 buffered'. */
function messageLines(s: EndpointStatus): string[] {
  return [
    s.dropped === null ? '' : `${s.dropped} dropped`,
    s.buffered === null ? '' : `${s.buffered} buffered`,
  ].filter(Boolean);
}

const COLUMNS: Column<EndpointStatus>[] = [
  { field: 'time', label: 'Time', render: (s) => <TimeCell s={s} /> },
  { field: 'kind', label: 'Event', render: (s) => <EventCell s={s} /> },
  { field: 'uptime', label: 'Uptime', render: (s) => formatSeconds(s.uptime) },
  { field: 'temp', label: 'Reader Temp', render: (s) => formatTemperature(s.readerTemp) },
  { field: 'cpu', label: 'CPU', render: (s) => formatCpu(s.cpu), hideBelow: 'md' },
  {
    field: 'antennas',
    label: 'Antennas',
    render: (s) => <Lines lines={antennaLines(s.antennas)} />,
    hideBelow: 'sm',
  },
  { field: 'messages', label: 'Messages', render: (s) => <Lines lines={messageLines(s)} />, hideBelow: 'md' },
  {
    field: 'ip',
    label: 'IP Address',
    render: (s) => s.ip || NONE,
    sx: { fontFamily: 'ui-monospace, monospace' },
    hideBelow: 'sm',
  },
  { field: 'version', label: 'Version', render: (s) => s.version || NONE, hideBelow: 'sm' },
];

export function EndpointStatusTab({ ctx }: EditorTabProps<EndpointForm>) {
  const id = ctx.record?._id ?? '';
  const table = useTableState();
  const query = { limit: table.state.limit, page: table.state.page };
  // Heartbeats are live data: fetched whenever the tab mounts and again at the usual heartbeat pace.
  const history = useQuery({
    queryKey: endpointKeys.status(id, query),
    queryFn: ({ signal }) => api.list<EndpointStatus>(`endpoints/status/${id}`, query, signal),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
  const summary = useQuery({
    queryKey: endpointKeys.latestStatus(id),
    queryFn: ({ signal }) => api.get<EndpointStatusSummary>(`endpoints/statusfb/${id}`, undefined, signal),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
  const rows = history.data?.items;
  const refresh = () => Promise.all([history.refetch(), summary.refetch()]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" alignItems="center" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <SummaryChip summary={summary.data} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 180 }}>
          {summary.data?.time
            ? `Last heartbeat ${formatDateTime(summary.data.time)}`
            : summary.data
              ? 'This endpoint has not sent a heartbeat.'
              : ' '}
        </Typography>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh status" onClick={refresh} disabled={history.isFetching}>
            <RefreshRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      <AntennaChips antennas={summary.data?.antennas ?? []} />
      <DataTable<EndpointStatus>
        label="Heartbeats"
        columns={COLUMNS}
        rows={rows}
        rowKey={(s) => `${s.time}-${s.kind}-${s.message}-${s.ip}-${s.uptime}`}
        fetching={history.isFetching}
        error={history.error}
        onRetry={() => history.refetch()}
        errorTitle="Could not load the status history"
        empty={{
          icon: <MonitorHeartOutlined />,
          title: 'No heartbeats yet',
          description:
            'Readers report uptime, temperature, CPU, antenna states, IP address and version with each heartbeat, and their antenna, GPI, warning and error events as they happen.',
        }}
        paging={table.paging(history.data?.total ?? 0)}
      />
    </Stack>
  );
}

function SummaryChip({ summary }: { summary: EndpointStatusSummary | undefined }) {
  if (!summary) return <Skeleton variant="rounded" width={72} height={24} />;
  if (!summary.time) return <Chip size="small" label="No heartbeats" />;
  if (summary.stale)
    return (
      <Tooltip title={`No heartbeat for more than ${STALE_HEARTBEAT_MINUTES} minutes`}>
        <Chip size="small" color="warning" label="Stale" />
      </Tooltip>
    );
  return <Chip size="small" color="success" label="Online" />;
}

/** The antenna states as last reported; nothing when the reader never reported any. */
function AntennaChips({ antennas }: { antennas: readonly AntennaStatus[] }) {
  if (!antennas.length) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      aria-label="Antenna states"
      role="list"
      sx={{ flexWrap: 'wrap' }}
    >
      {antennas.map((a) => (
        <Chip
          key={a.antenna}
          role="listitem"
          size="small"
          variant="outlined"
          color={a.state === 'connected' ? 'success' : 'error'}
          label={`Antenna ${a.antenna} ${a.state}`}
        />
      ))}
    </Stack>
  );
}
