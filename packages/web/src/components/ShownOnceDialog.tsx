/**
 * A credential shown once (an API key's token, a webhook's signing secret: the server never sends
 * it again), with a warning and a copy button; closing it is the last chance to read the value.
 */
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
import { useNotify } from './notify';

/** Clipboard API where allowed; else select the text and use the legacy copy command. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

export interface ShownOnceDialogProps {
  title: string;
  /** The warning above the value (that it will not be shown again). */
  warning: string;
  /** The field's label, e.g. 'Token'. */
  label: string;
  /** What the value is called in the copy button's name and messages, e.g. 'token'. */
  noun: string;
  value: string;
  onClose: () => void;
}

export function ShownOnceDialog({ title, warning, label, noun, value, onClose }: ShownOnceDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value, input.current)) setCopied(true);
    else notify.error(`Could not copy: select the ${noun} and copy it by hand.`);
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{warning}</Alert>
          <TextField
            label={label}
            value={value}
            inputRef={input}
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copied ? 'Copied' : `Copy ${noun}`}>
                      <IconButton aria-label={`Copy ${noun}`} onClick={copy} edge="end">
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
