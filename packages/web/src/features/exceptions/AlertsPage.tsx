/**
 * Alerts (route alerts): the selected site's open alerts (new and acknowledged), newest first, kept
 * current by the live stream (polling while it is down). Filters by type, zone and state (one of
 * new, acknowledged, resolved) live in the URL. Users who may modify exceptions select open rows
 * and acknowledge or resolve one or many with a note.
 * The order holds while the pointer or focus is in the list, while rows are selected, and always on
 * a phone; new and moved rows wait behind the "N updated — show" banner (held-order.ts).
 */
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, Button, List, Paper, Skeleton, Stack, useMediaQuery, useTheme } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useList } from '../../api/hooks';
import { useFallbackPolling } from '../../api/live';
import { useSession } from '../../api/session-context';
import { EmptyState, PageHeader } from '../../components';
import { HeldOrderBanner } from '../../components/table/HeldOrderBanner';
import { holdKeyOf, useHeldOrder } from '../../components/table/held-order';
import { LiveChip } from '../events/LiveChip';
import { AlertBulkBar } from './AlertBulkBar';
import { AlertFilterBar } from './AlertFilterBar';
import { ALERT_COLUMNS, AlertRow } from './AlertRow';
import { AlertNotificationsToggle } from './alert-notifications';
import { alertsQuery, hasAlertFilters, readAlertFilters, writeAlertFilters } from './alerts';
import { useAlertActions } from './useAlertActions';
import { useOpenAlertCount } from './useOpenAlertCount';

const POLL_MS = 5000;
const alertId = (e: ExceptionRecord) => e._id;

/** The current time, every second: the rows' waiting times tick. */
function useClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function AlertsPage() {
  const { siteId, can } = useSession();
  const canAct = can('exceptions', 'modify');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const filters = readAlertFilters(params);
  const query = alertsQuery(siteId, filters);
  const list = useList<ExceptionRecord>('exceptions', query, { enabled: siteId !== undefined });
  const poll = useFallbackPolling(POLL_MS);
  useEffect(() => {
    if (!poll) return;
    const timer = setInterval(() => void list.refetch(), poll);
    return () => clearInterval(timer);
  }, [poll, list.refetch]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const held = useHeldOrder(
    list.data?.items,
    alertId,
    holdKeyOf(query, list.isPlaceholderData),
    phone || selected.size > 0,
  );
  const rows = held.rows;
  // Only open alerts can be selected; alerts resolved elsewhere leave the selection.
  const selectable = useMemo(() => (rows ?? []).filter((e) => e.state !== 'resolved'), [rows]);
  const shownSelected = useMemo(() => selectable.filter((e) => selected.has(e._id)), [selectable, selected]);
  const now = useClock();
  const act = useAlertActions(() => setSelected(new Set()));
  const openCount = useOpenAlertCount(siteId);
  const filtered = hasAlertFilters(filters);

  const setFilters = (next: typeof filters) => {
    setSelected(new Set());
    setParams(writeAlertFilters(params, next), { replace: true });
  };
  const select = (id: string, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const total = list.data?.total;
  const subtitle =
    openCount === undefined
      ? ' '
      : filtered && total !== undefined
        ? `${openCount} open · ${total} matching the filters`
        : `${openCount} open`;

  return (
    <>
      <PageHeader
        title="Alerts"
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1.5} alignItems="center">
            <LiveChip />
            <AlertNotificationsToggle />
          </Stack>
        }
      />
      <Paper variant="outlined">
        <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
          <AlertFilterBar value={filters} onChange={setFilters} />
        </Box>
        {canAct && selectable.length > 0 && (
          <AlertBulkBar
            selected={shownSelected}
            all={selectable.length}
            onSelectAll={(on) => setSelected(new Set(on ? selectable.map(alertId) : []))}
            onAct={(action) => act.ask(action, shownSelected)}
          />
        )}
        <Box {...held.holdProps} data-holds-order>
          {rows === undefined ? (
            <Stack spacing={1} sx={{ p: 2 }} aria-busy>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={52} />
              ))}
            </Stack>
          ) : rows.length === 0 && filtered ? (
            <EmptyState
              icon={<FilterAltOffOutlined />}
              title="No alerts match the filters"
              description="Other alerts of this site may be hidden by the type, zone or state chosen."
              action={<Button onClick={() => setFilters({})}>Clear filters</Button>}
            />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<TaskAltRounded />}
              title="No open alerts"
              description="Alerts that are new or acknowledged on this site show up here as they are raised."
            />
          ) : (
            <>
              <ColumnHeads selectable={canAct} />
              <List disablePadding aria-label="Alerts">
                {rows.map((e) => (
                  <AlertRow
                    key={e._id}
                    alert={e}
                    now={now}
                    actions={
                      canAct && e.state !== 'resolved'
                        ? {
                            selected: selected.has(e._id),
                            onSelect: (on) => select(e._id, on),
                            onAct: (action) => act.ask(action, [e]),
                          }
                        : undefined
                    }
                    selectable={canAct}
                  />
                ))}
              </List>
            </>
          )}
          <HeldOrderBanner pending={held.pending} onShow={held.show} />
        </Box>
      </Paper>
      {act.dialog}
    </>
  );
}

/** The desktop column names, lined up with the rows' grid; a phone's rows name their values. */
function ColumnHeads({ selectable }: { selectable: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      aria-hidden
      sx={{
        display: { xs: 'none', md: 'flex' },
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        typography: 'caption',
        fontWeight: 600,
        color: 'text.secondary',
      }}
    >
      {selectable && <Box sx={{ width: 42 }} />}
      <Box sx={{ width: 24 }} />
      <Box sx={{ flex: 1, display: 'grid', gridTemplateColumns: ALERT_COLUMNS, columnGap: 2 }}>
        <span>Alert</span>
        <span>Zone</span>
        <span>Waiting</span>
        <span>State</span>
      </Box>
      {selectable && <Box sx={{ width: 84 }} />}
    </Stack>
  );
}
