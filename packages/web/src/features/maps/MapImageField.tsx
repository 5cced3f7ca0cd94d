/** The map's image: choose a PNG, JPEG, SVG or WebP file; it is uploaded when the map is saved. */
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { CustomFieldProps } from '../../components';
import { ACCEPTED_TYPES } from './map-form';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function MapImageField({ field, name, value, onChange, disabled, error }: CustomFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const saved = useWatch({ name: 'image' }) as string | undefined;
  const file = value instanceof File ? value : null;
  const status = file
    ? `${file.name} (${sizeText(file.size)}), uploaded on Save`
    : saved
      ? 'Image uploaded'
      : 'No image yet';
  return (
    <FormControl error={Boolean(error)} sx={{ width: '100%' }}>
      <FormLabel id={labelId} sx={{ mb: 0.75, typography: 'body2' }}>
        {field.label}
      </FormLabel>
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
        {/* Read only (no modify rights): no upload control, only what is there. */}
        {!disabled && (
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => input.current?.click()}
            aria-describedby={labelId}
            sx={{ flexShrink: 0 }}
          >
            {saved || file ? 'Replace image' : 'Choose image'}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary" noWrap title={status}>
          {status}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        name={name}
        accept={ACCEPTED_TYPES}
        hidden
        aria-label={field.label}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onChange(chosen);
          e.target.value = '';
        }}
      />
      {(error ?? field.helperText) && <FormHelperText>{error ?? field.helperText}</FormHelperText>}
    </FormControl>
  );
}
