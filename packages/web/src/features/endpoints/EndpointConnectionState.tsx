/**
 * The live state of a connection Sightline holds to a reader (the Connection tab): state with the
 * time it holds since, why it is disconnected or in error, reports received, reconnects and the
 * antenna states an LLRP reader reported. Polled while shown: any server instance answers the
 * state of the one holding the reader.
 */
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import { Alert, Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ConnectionState, Endpoint } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { CustomFieldProps } from '../../components';
import { formatCount, formatDateTime } from '../../components/format';
import type { EndpointForm } from './endpoint-form';
import { endpointKeys } from './keys';

const REFRESH_MS = 5_000;

const STATE_CHIP: Record<
  ConnectionState,
  { label: string; color: 'success' | 'info' | 'warning' | 'error' }
> = {
  connected: { label: 'Connected', color: 'success' },
  connecting: { label: 'Connecting', color: 'info' },
  disconnected: { label: 'Disconnected', color: 'warning' },
  error: { label: 'Error', color: 'error' },
};

export function EndpointConnectionState({ ctx }: CustomFieldProps<EndpointForm>) {
  const id = ctx.record?._id ?? '';
  const live = useQuery({
    queryKey: [...endpointKeys.detail(id), 'connection'],
    queryFn: ({ signal }) => api.get<Endpoint>(`endpoints/${id}`, undefined, signal),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
  const c = live.data?.connection;
  if (!c || c.mode === 'push') return null;
  const chip = c.state ? STATE_CHIP[c.state] : undefined;
  const antennas = Object.entries(c.antennas).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <Stack spacing={1.5} aria-label="Connection state">
      <Stack direction="row" alignItems="center" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {chip ? (
          <Chip size="small" color={chip.color} label={chip.label} />
        ) : (
          <Chip size="small" label="Not connected yet" />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 180 }}>
          {c.since ? `Since ${formatDateTime(c.since)}` : 'Saved settings are picked up within seconds.'}
        </Typography>
        <Tooltip title="Refresh">
          <IconButton
            aria-label="Refresh connection state"
            onClick={() => live.refetch()}
            disabled={live.isFetching}
          >
            <RefreshRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      {c.error && (c.state === 'error' || c.state === 'disconnected') && (
        <Alert severity={c.state === 'error' ? 'error' : 'warning'}>{c.error}</Alert>
      )}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          Reports received: <strong>{formatCount(c.reportsReceived)}</strong>
        </Typography>
        <Typography variant="body2">
          Reconnects: <strong>{formatCount(c.reconnects)}</strong>
        </Typography>
      </Box>
      {antennas.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Antennas">
          {antennas.map(([antenna, connected]) => (
            <Chip
              key={antenna}
              size="small"
              variant="outlined"
              color={connected ? 'success' : 'error'}
              label={`Antenna ${antenna}: ${connected ? 'connected' : 'disconnected'}`}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
