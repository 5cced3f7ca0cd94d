/**
 * Zone Status (live zone occupancy, route reportZones): per zone of the site, the things
 * in it now and how long each has been there, with a clock ticking every second; a stay longer
 * than the zone's alert time is highlighted. Live thing messages refresh it (features/things/live.ts
 * refetches a things list a zone entry reorders); it polls every 5 s only while the live stream is down.
 */
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { CLOCK_TICK_MS, LIST_LIMIT_MAX, type Thing, ZONE_OCCUPANCY_POLL_MS } from '@sightline/shared';
import { useEffect, useMemo, useState } from 'react';
import { useList } from '../../api/hooks';
import { useFallbackPolling } from '../../api/live';
import { useSession } from '../../api/session-context';
import { formatClock } from '../../components/format';
import { HeldOrderBanner } from '../../components/table/HeldOrderBanner';
import { useHeldOrder } from '../../components/table/held-order';
import { LiveChip } from '../events/LiveChip';
import { className } from '../things/thing-labels';
import { useSiteZones } from '../zones/useZones';
import { ReportPage } from './ReportPage';
import { formatCell } from './report-data';

/** The current time, updated every second. */
function useClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function ZoneStatusPage() {
  const { siteId, settings } = useSession();
  const now = useClock();
  const zones = useSiteZones(siteId);
  const refetchInterval = useFallbackPolling(ZONE_OCCUPANCY_POLL_MS);
  const things = useList<Thing>(
    'things',
    { site: siteId, limit: LIST_LIMIT_MAX, sort: '-lastZoneTime' },
    { enabled: siteId !== undefined },
  );
  // useList has no interval option: the fallback poll refetches here while the stream is down.
  useEffect(() => {
    if (!refetchInterval) return;
    const timer = setInterval(() => void things.refetch(), refetchInterval);
    return () => clearInterval(timer);
  }, [refetchInterval, things.refetch]);

  const byZone = useMemo(() => {
    const map = new Map<string, Thing[]>();
    for (const t of things.data?.items ?? []) {
      if (!t.zone) continue;
      map.set(t.zone, [...(map.get(t.zone) ?? []), t]);
    }
    return map;
  }, [things.data]);
  const inZones = [...byZone.values()].reduce((n, list) => n + list.length, 0);
  const classLabel = (c: string) => className(c, settings);

  return (
    <ReportPage
      title="Zone Status"
      subtitle={`${inZones} in ${zones.zones?.length ?? 0} zones`}
      actions={
        <>
          <Chip
            icon={<AccessTimeOutlined />}
            label={formatClock(now)}
            variant="outlined"
            data-testid="zone-status-clock"
            aria-label="Current time"
          />
          <LiveChip />
        </>
      }
    >
      {zones.isPending || things.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
          }}
        >
          {(zones.zones ?? []).map((zone) => {
            const occupants = byZone.get(zone._id) ?? [];
            return (
              <Card key={zone._id} component="section" aria-label={zone.name} variant="outlined">
                <CardHeader
                  title={zone.name}
                  titleTypographyProps={{ variant: 'h6', component: 'h2' }}
                  action={
                    <Chip
                      size="small"
                      label={`${occupants.length}`}
                      aria-label={`${occupants.length} in zone`}
                    />
                  }
                  sx={{ pb: 0 }}
                />
                <CardContent>
                  {occupants.length === 0 ? (
                    <Typography color="text.secondary">Empty</Typography>
                  ) : (
                    <ZoneOccupants zone={zone} occupants={occupants} now={now} classLabel={classLabel} />
                  )}
                </CardContent>
              </Card>
            );
          })}
        </Box>
      )}
    </ReportPage>
  );
}

/**
 * The things in one zone, newest entry first. Like every live list the order holds while the
 * pointer or focus is in it (components/table/held-order.ts); stay times still tick.
 */
function ZoneOccupants(props: {
  zone: { _id: string; name: string; duration: number };
  occupants: Thing[];
  now: number;
  classLabel: (c: string) => string;
}) {
  const { zone, now, classLabel } = props;
  const held = useHeldOrder(props.occupants, (t) => t._id, zone._id);
  return (
    <Box {...held.holdProps} data-holds-order>
      <Table size="small" aria-label={`In ${zone.name}`}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Class</TableCell>
            <TableCell align="right">Time In Zone</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {held.rows?.map((t) => {
            const since = t.lastZoneTime ? Date.parse(t.lastZoneTime) : now;
            const stayNs = Math.max(0, now - since) * 1e6;
            const overrun = zone.duration > 0 && stayNs > zone.duration;
            return (
              <TableRow
                key={t._id}
                data-overrun={overrun || undefined}
                sx={overrun ? { bgcolor: '#fff4e5' } : undefined}
              >
                <TableCell>
                  {t.name}
                  {overrun && (
                    <Chip
                      size="small"
                      icon={<WarningAmberOutlined sx={{ color: 'inherit !important' }} />}
                      label="Overrun"
                      // Amber 700 with white text: 5:1 contrast.
                      sx={{ ml: 1, bgcolor: '#b45309', color: '#fff' }}
                    />
                  )}
                </TableCell>
                <TableCell>{classLabel(t.class)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCell('duration', stayNs)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <HeldOrderBanner pending={held.pending} onShow={held.show} />
    </Box>
  );
}
