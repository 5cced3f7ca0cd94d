/**
 * 'Zone Overview', a Home card: a horizontal bar chart of how many things each zone holds, with the
 * items and workers series named by the site's labels; with workers hidden the chart is the items
 * alone. Live zone changes refresh it (app/live-rules.ts invalidates `zoneKeys.overviews()`).
 */
import MapOutlined from '@mui/icons-material/MapOutlined';
import { Box, Skeleton } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ZoneOverviewRow } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useSession } from '../../api/session-context';
import { zoneKeys } from '../zones/keys';
import { DashboardCard } from './DashboardCard';

const BAR_ROW_PX = 44;

function useZoneOverview(siteId: string | undefined) {
  return useQuery({
    queryKey: zoneKeys.overview(siteId),
    queryFn: ({ signal }) => api.get<ZoneOverviewRow[]>('zones/overview', { site: siteId }, signal),
    enabled: siteId !== undefined,
  });
}

export function ZoneOverviewCard() {
  const { siteId, settings } = useSession();
  const overview = useZoneOverview(siteId);
  const rows = overview.data ?? [];
  const items = { dataKey: 'items', label: settings.itemLabel, color: '#0d9488' };
  // Without workers the total is the items: one bar per zone says it.
  const series = settings.hideWorkers
    ? [items]
    : [
        { dataKey: 'total', label: 'Total', color: '#1f4fd1' },
        items,
        { dataKey: 'workers', label: settings.workerLabel, color: '#dc6803' },
      ];
  const things = rows.reduce((n, r) => n + r.total, 0);
  const height = Math.max(220, rows.length * BAR_ROW_PX * (series.length / 2 + 0.5) + 80);
  return (
    <DashboardCard
      title="Zone Overview"
      subtitle={overview.data ? `${things} in ${rows.length} ${rows.length === 1 ? 'zone' : 'zones'}` : ' '}
      query={overview}
      empty={
        rows.length === 0 && {
          icon: <MapOutlined />,
          title: 'No zones yet',
          description: 'Zones of this site appear here with how many things each one holds.',
        }
      }
    >
      {overview.isPending ? (
        <Box sx={{ px: 2.5, pb: 2 }}>
          <Skeleton variant="rounded" height={220} />
        </Box>
      ) : (
        <Box sx={{ px: 1, pb: 1 }} data-testid="zone-overview-chart">
          <BarChart
            dataset={rows}
            layout="horizontal"
            height={height}
            yAxis={[{ scaleType: 'band', dataKey: 'name', width: 120, tickLabelStyle: { fontSize: 12 } }]}
            xAxis={[{ tickMinStep: 1, label: 'Things' }]}
            series={series.map((s) => ({ ...s, valueFormatter: (v: number | null) => String(v ?? 0) }))}
            margin={{ right: 16 }}
            slotProps={{ legend: { position: { vertical: 'top', horizontal: 'center' } } }}
          />
        </Box>
      )}
    </DashboardCard>
  );
}
