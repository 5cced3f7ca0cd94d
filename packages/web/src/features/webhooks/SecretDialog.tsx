/** A webhook's signing secret, shown once (at creation or after 'Rotate secret') with a copy button. */
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useNotify } from '../../components';

export const SECRET_SHOWN_ONCE =
  'Copy this secret now: it will not be shown again. Receivers check x-sightline-signature (sha256=HMAC of the raw body) with it.';

export function SecretDialog({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      input.current?.select();
      if (document.execCommand('copy')) setCopied(true);
      else notify.error('Could not copy: select the secret and copy it by hand.');
    }
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{SECRET_SHOWN_ONCE}</Alert>
          <TextField
            label="Signing secret"
            value={secret}
            inputRef={input}
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copied ? 'Copied' : 'Copy secret'}>
                      <IconButton aria-label="Copy secret" onClick={copy} edge="end">
                        {copied ? <CheckRounded color="success" /> : <ContentCopyRounded />}
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={copy} startIcon={copied ? <CheckRounded /> : <ContentCopyRounded />}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
