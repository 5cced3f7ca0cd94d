/**
 * A small RSSI trend of a thing's recent sightings: the peak RSSI of each listed event's last
 * sighting, oldest to newest, as a line; the same facts in words for screen readers.
 */
import { Box, Stack, Typography, useTheme } from '@mui/material';
import type { EventRecord } from '@sightline/shared';
import { formatRssi } from '../../components/format';

const WIDTH = 160;
const HEIGHT = 32;
const PAD = 3;
/** At most this many sightings, the newest. */
const POINTS = 30;

export function rssiPoints(events: readonly EventRecord[]): { time: string; rssi: number }[] {
  return events
    .flatMap((e) => (e.rssi === null ? [] : [{ time: e.time, rssi: e.rssi }]))
    .sort((a, b) => a.time.localeCompare(b.time))
    .slice(-POINTS);
}

export function RssiTrend({ events }: { events: readonly EventRecord[] | undefined }) {
  const theme = useTheme();
  const points = rssiPoints(events ?? []);
  if (points.length < 2) return null;
  const values = points.map((p) => p.rssi);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (v: number) => HEIGHT - PAD - ((v - min) * (HEIGHT - 2 * PAD)) / span;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rssi).toFixed(1)}`).join(' ');
  const first = points[0]?.rssi;
  const last = points[points.length - 1]?.rssi;
  const label = `RSSI of the last ${points.length} sightings: from ${formatRssi(first)} to ${formatRssi(last)}, strongest ${formatRssi(max)}, weakest ${formatRssi(min)}`;
  return (
    <Stack direction="row" alignItems="center" spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        RSSI trend
      </Typography>
      <Box
        component="svg"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        sx={{ width: WIDTH, height: HEIGHT }}
      >
        <title>{label}</title>
        <polyline
          points={line}
          fill="none"
          stroke={theme.palette.primary.main}
          strokeWidth={2}
          strokeLinejoin="round"
        />
        <circle cx={x(points.length - 1)} cy={y(last ?? min)} r={3} fill={theme.palette.primary.main} />
      </Box>
      <Typography variant="body2">{formatRssi(last)}</Typography>
    </Stack>
  );
}
