/**
 * 'Endpoint Status', a Home card: each endpoint of the site with its last heartbeat, IP address and
 * firmware version; rows whose last heartbeat is more than 60 minutes old (or who never sent one)
 * are highlighted. Heartbeats on the live stream refresh it (api/live.ts invalidates 'endpoints').
 */
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Box, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type Endpoint, isStaleHeartbeat, MSG } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { formatListDateTime } from '../../components/format';
import { useSiteNavigate } from '../../navigation/site-links';
import { DashboardCard } from './DashboardCard';

const COLUMNS = ['Name', 'Last Heartbeat', 'IP Address', 'Firmware Version'];
/** Phones show IP address and firmware under the heartbeat instead of in columns of their own. */
const NOT_ON_PHONES = (c: string) =>
  c === 'IP Address' || c === 'Firmware Version' ? { display: { xs: 'none', sm: 'table-cell' } } : {};

export function EndpointStatusCard() {
  const { siteId } = useSession();
  const navigate = useSiteNavigate();
  const endpoints = useList<Endpoint>('endpoints', { site: siteId, limit: 1000, sort: 'name' });
  const rows = endpoints.data?.items ?? [];
  const now = Date.now();
  const stale = rows.filter((e) => isStaleHeartbeat(e.status?.time, now)).length;
  return (
    <DashboardCard
      title="Endpoint Status"
      subtitle={
        endpoints.data ? `${rows.length} endpoints · ${stale} without a heartbeat in the last hour` : ' '
      }
      query={endpoints}
      empty={rows.length === 0 && { icon: <RouterOutlined />, title: 'No endpoints on this site' }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Endpoint Status">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={{ whiteSpace: 'nowrap', ...NOT_ON_PHONES(c) }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {endpoints.isPending
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    {COLUMNS.map((c) => (
                      <TableCell key={c} sx={NOT_ON_PHONES(c)}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((e) => {
                  const old = isStaleHeartbeat(e.status?.time, now);
                  return (
                    <TableRow
                      key={e._id}
                      hover
                      tabIndex={0}
                      data-stale={old ? 'true' : undefined}
                      aria-label={`Open ${e.name}${old ? ' (no heartbeat in the last 60 minutes)' : ''}`}
                      onClick={() => navigate(`endpoints/${e._id}`)}
                      onKeyDown={(k) => k.key === 'Enter' && navigate(`endpoints/${e._id}`)}
                      sx={{
                        cursor: 'pointer',
                        ...(old && {
                          bgcolor: (t) => alpha(t.palette.warning.main, 0.1),
                          '&:hover': { bgcolor: (t) => `${alpha(t.palette.warning.main, 0.16)} !important` },
                        }),
                      }}
                    >
                      <TableCell sx={{ fontWeight: 600 }}>
                        <Box
                          component="span"
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
                        >
                          {old && (
                            <Tooltip title="No heartbeat in the last 60 minutes">
                              <WarningAmberRounded fontSize="small" color="warning" aria-hidden={false} />
                            </Tooltip>
                          )}
                          {e.name}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatListDateTime(e.status?.time)}
                        <Box
                          component="span"
                          sx={{
                            display: { xs: 'block', sm: 'none' },
                            color: 'text.secondary',
                            whiteSpace: 'normal',
                          }}
                        >
                          {[e.status?.ip, e.status?.version].filter(Boolean).join(' · ')}
                        </Box>
                      </TableCell>
                      <TableCell sx={NOT_ON_PHONES('IP Address')}>
                        {e.status?.ip || MSG.notAvailable}
                      </TableCell>
                      <TableCell sx={NOT_ON_PHONES('Firmware Version')}>
                        {e.status?.version || MSG.notAvailable}
                      </TableCell>
                    </TableRow>
                  );
                })}
          </TableBody>
        </Table>
      </Box>
    </DashboardCard>
  );
}
