/**
 * Zone Categories (route reportZoneCategories): choose categories (and zones, or All
 * Zones), Run Report, Download XLS; per zone a table of category names and counts, zero-count
 * rows hidden (the server leaves them out).
 */
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { type Category, LIST_LIMIT_MAX } from '@sightline/shared';
import { useState } from 'react';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { EmptyState } from '../../components';
import { DownloadButton } from '../../components/DownloadButton';
import { useSiteZones } from '../zones/useZones';
import { ReportPage } from './ReportPage';
import { type AdhocQuery, downloadPost, useAdhocReport } from './report-data';

interface Option {
  value: string;
  label: string;
}

export default function ZoneCategoriesPage() {
  const { siteId } = useSession();
  const zones = useSiteZones(siteId);
  const categoryList = useList<Category>('categories', { limit: LIST_LIMIT_MAX, sort: 'name' });
  const categoryOptions = (categoryList.data?.items ?? []).map((c) => ({ value: c._id, label: c.name }));
  const [categories, setCategories] = useState<Option[]>([]);
  const [zoneChoice, setZoneChoice] = useState<Option[]>([]);
  const [ran, setRan] = useState<AdhocQuery | undefined>();
  const body = (): AdhocQuery => ({
    type: 'reportTypeCategories',
    site: siteId ?? '',
    categories: categories.map((c) => c.value),
    zones: zoneChoice.map((z) => z.value),
  });
  const report = useAdhocReport(ran);
  const groups = new Map<string, { category: string; count: number }[]>();
  for (const row of report.data?.rows ?? []) {
    const zone = String(row.zone);
    groups.set(zone, [
      ...(groups.get(zone) ?? []),
      { category: String(row.category), count: Number(row.count) },
    ]);
  }

  return (
    <ReportPage
      title="Zone Categories"
      subtitle="Where each category is now"
      actions={
        <DownloadButton
          label="Download XLS"
          run={() => downloadPost('reports/adhoc', { ...body(), format: 'excel' }, 'Categories.xlsx')}
        />
      }
      filters={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
          <Autocomplete
            multiple
            options={categoryOptions}
            value={categories}
            onChange={(_, v) => setCategories(v)}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            renderInput={(params) => (
              <TextField {...params} label="Categories" size="small" placeholder="All categories" />
            )}
            sx={{ minWidth: 280, flex: 1 }}
          />
          <Autocomplete
            multiple
            options={zones.options}
            value={zoneChoice}
            onChange={(_, v) => setZoneChoice(v)}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            renderInput={(params) => (
              <TextField {...params} label="Zones" size="small" placeholder="All zones" />
            )}
            sx={{ minWidth: 240, flex: 1 }}
          />
          <Button variant="outlined" onClick={() => setZoneChoice([])}>
            All Zones
          </Button>
          <Button
            variant="contained"
            startIcon={<PlayArrowRounded />}
            onClick={() => setRan(body())}
            disabled={!siteId}
          >
            Run Report
          </Button>
        </Stack>
      }
    >
      {!ran ? (
        <EmptyState
          icon={<CategoryOutlined />}
          title="Choose categories and run the report"
          description="With no category chosen, every category is counted."
        />
      ) : report.data && groups.size === 0 ? (
        <EmptyState
          icon={<CategoryOutlined />}
          title="No things of these categories in any zone"
          description=""
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
          }}
        >
          {[...groups.entries()].map(([zone, rows]) => (
            <Card key={zone} variant="outlined" component="section" aria-label={zone}>
              <CardHeader
                title={zone}
                titleTypographyProps={{ variant: 'h6', component: 'h2' }}
                sx={{ pb: 0 }}
              />
              <CardContent>
                <Table size="small" aria-label={`Categories in ${zone}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell align="right">Count</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.category}>
                        <TableCell>{r.category}</TableCell>
                        <TableCell align="right">{r.count}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </ReportPage>
  );
}
