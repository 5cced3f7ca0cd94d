/** A read-only value the server makes (ID, Key), with a copy button; before saving it says so. */
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { CustomFieldProps } from '../../components';

export function ReadOnlyField({ field, name, value, ctx }: CustomFieldProps) {
  const [copied, setCopied] = useState(false);
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
  const placeholder = ctx.isNew ? 'Generated when saved' : 'Hidden';
  return (
    <TextField
      name={name}
      label={field.label}
      value={text}
      placeholder={placeholder}
      helperText={field.helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          readOnly: true,
          'aria-readonly': true,
          style: { fontFamily: 'ui-monospace, monospace' },
        },
        input: {
          endAdornment: text ? (
            <InputAdornment position="end">
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
