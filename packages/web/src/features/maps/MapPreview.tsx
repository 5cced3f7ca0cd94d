/** The map's image as it will be shown, with the coordinates of its corners. */
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Box, Chip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { EditorTabProps } from '../../components';
import { EmptyState } from '../../components';
import type { MapForm } from './map-form';

const point = (p: MapForm['topLeft'] | undefined) => `${p?.[0] ?? '—'}, ${p?.[1] ?? '—'}`;

/** An object URL for a chosen file, revoked when it changes. */
function useFileUrl(file: File | null | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!(file instanceof File)) return setUrl(undefined);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function MapPreview({ ctx }: EditorTabProps<MapForm>) {
  const local = useFileUrl(ctx.values.imageFile);
  const src = local ?? (ctx.values.image || undefined);
  const [failed, setFailed] = useState<string>();
  if (!src) {
    return (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, borderStyle: 'dashed' }}>
        <EmptyState
          icon={<ImageOutlined />}
          title="No image"
          description="Choose an image file to see it here."
        />
      </Box>
    );
  }
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Preview
      </Typography>
      {failed === src ? (
        <Typography color="error" variant="body2">
          Failed to load map
        </Typography>
      ) : (
        <Box
          sx={{
            position: 'relative',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'grey.50',
            lineHeight: 0,
          }}
        >
          <Box
            component="img"
            src={src}
            alt={`Map image: ${ctx.values.name || 'new map'}`}
            onError={() => setFailed(src)}
            sx={{ width: '100%', maxHeight: 520, objectFit: 'contain', display: 'block' }}
          />
          <Chip
            size="small"
            label={`Top left ${point(ctx.values.topLeft)}`}
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', boxShadow: 1 }}
          />
          <Chip
            size="small"
            label={`Bottom right ${point(ctx.values.botRight)}`}
            sx={{ position: 'absolute', bottom: 8, right: 8, bgcolor: 'background.paper', boxShadow: 1 }}
          />
        </Box>
      )}
    </Box>
  );
}
