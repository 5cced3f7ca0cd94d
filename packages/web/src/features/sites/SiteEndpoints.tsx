/** The site editor's Endpoints tab: the site's endpoints (GET endpoints?site=), read only. */
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import { Box } from '@mui/material';
import { type Endpoint, LIST_LIMIT_MAX } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { formatCoordinates } from '../../components/format';
import { DataTable } from '../../components/table/DataTable';
import type { Column } from '../../components/table/types';

const UUID_SX = { fontFamily: 'monospace', fontSize: 12, color: 'text.secondary', wordBreak: 'break-all' };

const COLUMNS: Column<Endpoint>[] = [
  {
    field: 'name',
    label: 'Name',
    sx: { fontWeight: 600 },
    // Phones: the UUID goes under the name instead of in its own column.
    render: (e) => (
      <>
        {e.name}
        <Box component="code" sx={{ ...UUID_SX, display: { xs: 'block', sm: 'none' }, fontWeight: 400 }}>
          {e.uuid}
        </Box>
      </>
    ),
  },
  {
    field: 'uuid',
    label: 'UUID',
    hideBelow: 'sm',
    render: (e) => (
      <Box component="code" sx={UUID_SX}>
        {e.uuid}
      </Box>
    ),
  },
  {
    field: 'coordinates',
    label: 'Coordinates',
    sx: { whiteSpace: 'nowrap' },
    render: (e) => formatCoordinates(e.xycoordinates),
  },
  { field: 'autoEnroll', label: 'Auto Enroll', render: (e) => (e.autoEnroll.enabled ? 'Yes' : 'No') },
];

/** Any editor tab whose record is a site. */
export function SiteEndpoints({ ctx }: { ctx: { record?: { _id?: unknown } } }) {
  const siteId = String(ctx.record?._id ?? '');
  const list = useList<Endpoint>(
    'endpoints',
    { site: siteId, limit: LIST_LIMIT_MAX, sort: 'name' },
    { enabled: siteId !== '' },
  );
  return (
    <DataTable<Endpoint>
      label="Endpoints of this site"
      errorTitle="Could not load endpoints"
      columns={COLUMNS}
      rows={list.data?.items}
      rowKey={(e) => e._id}
      fetching={list.isFetching}
      error={list.error}
      onRetry={() => list.refetch()}
      empty={{ icon: <RouterOutlined />, title: 'No endpoints at this site' }}
    />
  );
}
