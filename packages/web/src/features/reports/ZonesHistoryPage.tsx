/**
 * Zones History (the zone duration report, route reportZoneDurations): the closed stays in the
 * date range, paged, with a chart of the time those same stays spent per zone within the range.
 * Stays in progress are on Zone Status; neither the chart nor the table counts them.
 */
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Box, Card, CardContent, Link, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ZoneDurationRecord, ZoneTimeRow } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../api/session-context';
import { formatDuration, formatListDateTime } from '../../components/format';
import { DataTable } from '../../components/table/DataTable';
import { useSitePath } from '../../navigation/site-links';
import { zoneDurationKeys } from './keys';
import { ReportPage } from './ReportPage';
import { useReportList } from './useReportList';
import { useReportRange } from './useReportRange';

const HOUR_NS = 3_600_000_000_000;

export default function ZonesHistoryPage() {
  const { siteId } = useSession();
  const dates = useReportRange();
  const toPath = useSitePath();
  const { range } = dates;
  const query = { site: siteId, after: range.after, before: range.before };
  const summary = useQuery({
    queryKey: zoneDurationKeys.summary(query),
    queryFn: ({ signal }) => api.get<ZoneTimeRow[]>('zonedurations/summary', query, signal),
    enabled: siteId !== undefined,
  });
  const stays = useReportList<ZoneDurationRecord>('zonedurations', query, '-timeEnd', siteId !== undefined);
  const chartRows = (summary.data ?? []).map((r) => ({
    name: r.zoneName,
    hours: Number((r.total / HOUR_NS).toFixed(2)),
    total: r.total,
  }));
  return (
    <ReportPage title="Zones History" subtitle={stays.count('stay', 'stays')} range={dates}>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Time per Zone
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Time of the stays listed below, within the period. Things still in a zone are on{' '}
            <Link component={RouterLink} to={toPath('reports/zones')}>
              Zone Status
            </Link>
            .
          </Typography>
          {summary.isPending ? (
            <Skeleton variant="rounded" height={200} />
          ) : (
            <Box
              data-testid="zone-time-chart"
              role="img"
              aria-label={
                chartRows.map((r) => `${r.name}: ${formatDuration(r.total)}`).join(', ') || 'No zones'
              }
            >
              <BarChart
                dataset={chartRows}
                layout="horizontal"
                height={Math.max(180, chartRows.length * 40 + 70)}
                yAxis={[{ scaleType: 'band', dataKey: 'name', width: 120 }]}
                xAxis={[{ label: 'Hours' }]}
                series={[
                  {
                    dataKey: 'hours',
                    label: 'Hours',
                    color: '#1f4fd1',
                    valueFormatter: (_v, { dataIndex }) => formatDuration(chartRows[dataIndex]?.total ?? 0),
                  },
                ]}
                hideLegend
              />
            </Box>
          )}
        </CardContent>
      </Card>
      <DataTable<ZoneDurationRecord>
        label="Stays"
        {...stays.table}
        rowKey={(s) => s._id}
        columns={[
          { field: 'thing', label: 'Name', render: (s) => s.thingName ?? '—' },
          { field: 'zone', label: 'Zone', render: (s) => s.zoneName ?? '—' },
          { field: 'entry', label: 'Entry', render: (s) => formatListDateTime(s.timeStart) },
          { field: 'exit', label: 'Exit', render: (s) => formatListDateTime(s.timeEnd), hideBelow: 'sm' },
          {
            field: 'duration',
            label: 'Duration',
            align: 'right',
            render: (s) => formatDuration(s.timeDuration),
          },
        ]}
        empty={{
          icon: <HistoryOutlined />,
          title: 'No stays in this period',
          description: 'Choose another date range.',
        }}
      />
    </ReportPage>
  );
}
