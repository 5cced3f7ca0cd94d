/**
 * The reader of an endpointOffline or antennaDisconnected alert, where other alerts list their
 * things: its name (a link to the endpoint for users who may read endpoints), the antenna, and
 * when it was last heard from on its site's clock.
 */
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/session-context';
import { formatSiteDateTime, NONE } from '../../components/format';
import { useSitePath } from '../../navigation/site-links';
import { useSiteTimezone } from './exception-text';

type EndpointAlert = Pick<
  ExceptionRecord,
  'type' | 'site' | 'endpoint' | 'endpointName' | 'antenna' | 'stayStart'
>;

export function ExceptionEndpoint({ exception: e }: { exception: EndpointAlert }) {
  const { can } = useSession();
  const toPath = useSitePath();
  const timezoneId = useSiteTimezone(e.site);
  const name = e.endpointName ?? e.endpoint ?? NONE;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="exception-endpoint">
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        Reader
      </Typography>
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <RouterOutlined color="action" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          {e.endpoint && can('endpoints', 'read') ? (
            <Link component={RouterLink} to={toPath(`endpoints/${e.endpoint}`)} sx={{ fontWeight: 600 }}>
              {name}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          )}
          {e.type === 'antennaDisconnected' && e.antenna !== null && (
            <Typography variant="body2" color="text.secondary">{`Antenna ${e.antenna}`}</Typography>
          )}
          {e.stayStart && (
            <Typography variant="body2" color="text.secondary">
              {`Last heard from ${formatSiteDateTime(e.stayStart, timezoneId)}`}
            </Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
