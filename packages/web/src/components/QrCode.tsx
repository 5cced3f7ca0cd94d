/**
 * A record's QR code (sizes Small 100, Medium 300 by default, Large 500, X-Large 700;
 * error-correction level H) with a size selector and a PNG download. Drawn in the browser, so it
 * follows unsaved edits and works offline; endpoints, location tags and categories all use it.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import { Alert, Box, Button, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { QR_ERROR_LEVEL, QR_SIZE_DEFAULT, QR_SIZES } from '@sightline/shared';
import QRCode from 'qrcode';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyState } from './EmptyState';

export interface QrCodeProps {
  /** The text the code encodes; empty shows `emptyText` instead of a code. */
  value: string;
  /** Download file name without extension. */
  fileName: string;
  /** A line above the code (e.g. what to scan it with). */
  caption?: ReactNode;
  emptyText?: string;
  /**
   * Keep the encoded text off the screen (it carries a secret, like an endpoint's key): no
   * 'Encodes:' line, and the image is named by `label` instead of the value.
   */
  hideValue?: boolean;
  /** What the code is, for its alt text when the value is hidden (e.g. 'endpoint Dock door'). */
  label?: string;
}

type Drawn = { value: string; size: number; url: string } | { value: string; size: number; error: string };

/** A file name safe on every OS. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'qrcode';

export function QrCode({
  value,
  fileName,
  caption,
  emptyText = 'Nothing to encode yet.',
  hideValue = false,
  label,
}: QrCodeProps) {
  const [size, setSize] = useState<number>(QR_SIZE_DEFAULT);
  const [drawn, setDrawn] = useState<Drawn | undefined>();

  useEffect(() => {
    if (!value) return;
    let current = true;
    QRCode.toDataURL(value, { errorCorrectionLevel: QR_ERROR_LEVEL, width: size, margin: 2 }).then(
      (url) => current && setDrawn({ value, size, url }),
      (error: unknown) => current && setDrawn({ value, size, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [value, size]);

  if (!value) return <EmptyState icon={<QrCode2Rounded />} title="No QR code" description={emptyText} />;
  const ready = drawn?.value === value && drawn.size === size ? drawn : undefined;

  return (
    <Stack spacing={2} alignItems="flex-start">
      {caption && (
        <Typography variant="body2" color="text.secondary">
          {caption}
        </Typography>
      )}
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        <TextField
          select
          label="Size"
          value={size}
          onChange={(e) => setSize(Number(e.target.value))}
          sx={{ width: 190 }}
        >
          {QR_SIZES.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label} ({s.value} px)
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={!ready || 'error' in ready}
          component="a"
          href={ready && 'url' in ready ? ready.url : undefined}
          download={`${safeName(fileName)}-${size}.png`}
        >
          Download
        </Button>
      </Stack>
      {ready && 'error' in ready ? (
        <Alert severity="error">Could not draw the QR code: {ready.error}</Alert>
      ) : (
        <Box
          sx={{
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: '#fff',
            maxWidth: '100%',
            overflow: 'auto',
          }}
        >
          {ready ? (
            <Box
              component="img"
              src={ready.url}
              alt={hideValue ? `QR code: ${label ?? 'hidden value'}` : `QR code: ${value}`}
              width={size}
              height={size}
              sx={{ display: 'block', maxWidth: '100%', height: 'auto' }}
            />
          ) : (
            <Skeleton variant="rectangular" width={Math.min(size, 300)} height={Math.min(size, 300)} />
          )}
        </Box>
      )}
      {!hideValue && (
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          Encodes: {value}
        </Typography>
      )}
    </Stack>
  );
}
