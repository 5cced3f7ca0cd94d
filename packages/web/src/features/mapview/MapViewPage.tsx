/**
 * Map view (route mapView): one floor plan with the things on it as clustered
 * markers, following them live (10 s polling only while the live stream is down).
 */
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { type MapRecord, ZONE_FETCH_LIMIT, type Zone } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText, isRetryable } from '../../api/client';
import { useList, useRecord } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { EmptyState, PageHeader } from '../../components';
import { useSitePath } from '../../navigation/site-links';
import { LiveChip } from '../events/LiveChip';
import { mapKeys } from '../maps/keys';
import { loadImageSize } from './geometry';
import { ThingMap } from './ThingMap';
import { useMapThings } from './useMapThings';

function Legend({ items, workers }: { items: number; workers: number | undefined }) {
  const { settings } = useSession();
  const dot = (color: string) => (
    <Box
      component="span"
      sx={{
        width: 12,
        height: 12,
        borderRadius: '50%',
        bgcolor: color,
        border: '2px solid #fff',
        boxShadow: 1,
      }}
    />
  );
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}
      aria-label="Legend"
    >
      <Stack direction="row" spacing={0.75} alignItems="center">
        {dot('#1f4fd1')}
        <Typography variant="body2">{`${settings.itemLabel} (${items})`}</Typography>
      </Stack>
      {workers !== undefined && (
        <Stack direction="row" spacing={0.75} alignItems="center">
          {dot('#dc6803')}
          <Typography variant="body2">{`${settings.workerLabel} (${workers})`}</Typography>
        </Stack>
      )}
    </Stack>
  );
}

export default function MapViewPage() {
  const { id } = useParams();
  const { siteId, settings } = useSession();
  const navigate = useNavigate();
  const toPath = useSitePath();
  const map = useRecord<MapRecord>('maps', id);
  const imageUrl = map.data?.image ?? '';
  const size = useQuery({
    queryKey: mapKeys.imageSize(id, imageUrl),
    queryFn: () => loadImageSize(imageUrl),
    enabled: imageUrl !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const things = useMapThings(siteId, id);
  const zones = useList<Zone>('zones', { site: siteId, limit: ZONE_FETCH_LIMIT });
  const zoneNames = useMemo(
    () => new Map((zones.data?.items ?? []).map((z) => [z._id, z.name])),
    [zones.data],
  );
  const shown = useMemo(
    () => (things.data ?? []).filter((t) => !(settings.hideWorkers && t.class === 'worker')),
    [things.data, settings.hideWorkers],
  );
  const onOpen = useCallback((href: string) => navigate(href), [navigate]);
  const items = shown.filter((t) => t.class === 'item').length;

  const failure = map.error ?? size.error;
  return (
    // The map takes the rest of the screen below the top bar (main's 80 px above, 48 px below on a
    // phone), so on a phone the plan fills it instead of a strip.
    <Stack sx={{ height: { xs: 'calc(100dvh - 128px)', md: 'calc(100vh - 140px)' }, minHeight: 480 }}>
      <PageHeader
        title={map.data?.name ?? 'Map'}
        subtitle={map.data ? `${shown.length} on this map` : ' '}
        actions={<LiveChip />}
      />
      <Paper
        variant="outlined"
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', overflow: 'hidden', minHeight: 420 }}
      >
        {failure ? (
          <EmptyState
            icon={<ErrorOutlineRounded />}
            tone="error"
            title="Failed to load map"
            description={errorText(failure)}
            action={
              isRetryable(failure) && (
                <Button onClick={() => void (map.error ? map.refetch() : size.refetch())}>Try again</Button>
              )
            }
          />
        ) : map.data && !imageUrl ? (
          <EmptyState
            icon={<ImageNotSupportedOutlined />}
            title="This map has no image"
            description="Upload a floor plan on the map's settings to see things on it."
          />
        ) : size.data && map.data ? (
          <>
            <Box sx={{ flex: 1, minHeight: 360, p: { xs: 0, sm: 1 } }}>
              <ThingMap
                imageUrl={imageUrl}
                size={size.data}
                things={shown}
                zoneNames={zoneNames}
                linkOf={toPath}
                onOpen={onOpen}
              />
            </Box>
            <Legend items={items} workers={settings.hideWorkers ? undefined : shown.length - items} />
          </>
        ) : (
          <Skeleton variant="rectangular" sx={{ flex: 1, minHeight: 360 }} />
        )}
      </Paper>
    </Stack>
  );
}
