/**
 * A read-only value the server makes (ID, Key), with a copy button; before saving it says so.
 * A `secret` (the Key) is masked until Show is pressed; Copy copies the value either way. A `wrap`
 * value (an address) breaks over lines rather than hiding its end on a narrow screen.
 */
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { CustomFieldProps } from '../../components';

/** As many dots as characters, at most 24: the length says little and the field keeps its width. */
const masked = (text: string) => '•'.repeat(Math.min(text.length, 24));

export function ReadOnlyField({
  field,
  name,
  value,
  ctx,
  secret = false,
  wrap = false,
}: CustomFieldProps & { secret?: boolean; wrap?: boolean }) {
  const [copied, setCopied] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  const hidden = secret && !revealed;
  const placeholder = ctx.isNew ? 'Generated when saved' : 'Hidden';
  const revealLabel = `${revealed ? 'Hide' : 'Show'} ${field.label}`;
  return (
    <TextField
      name={name}
      label={field.label}
      value={hidden ? masked(text) : text}
      placeholder={placeholder}
      helperText={field.helperText}
      multiline={wrap}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          readOnly: true,
          'aria-readonly': true,
          'data-masked': hidden ? 'true' : undefined,
          style: { fontFamily: 'ui-monospace, monospace', ...(wrap && { wordBreak: 'break-all' }) },
        },
        input: {
          endAdornment: text ? (
            <InputAdornment position="end">
              {secret && (
                <Tooltip title={revealLabel}>
                  <IconButton
                    size="small"
                    aria-label={revealLabel}
                    aria-pressed={revealed}
                    onClick={() => setRevealed((r) => !r)}
                  >
                    {revealed ? (
                      <VisibilityOffOutlined fontSize="small" />
                    ) : (
                      <VisibilityOutlined fontSize="small" />
                    )}
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title={copied ? 'Copied' : `Copy ${field.label}`}>
                <IconButton edge="end" size="small" aria-label={`Copy ${field.label}`} onClick={copy}>
                  {copied ? <CheckRounded fontSize="small" /> : <ContentCopyRounded fontSize="small" />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ) : undefined,
        },
      }}
      sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'background.default' } }}
    />
  );
}
