/** The username (an email) with a warning when another account already uses it (check/email). */
import { TextField } from '@mui/material';
import { EMAIL_PATTERN } from '@sightline/shared';
import { useState } from 'react';
import { api } from '../../api/client';
import type { CustomFieldProps } from '../../components';
import { requiredSlots } from '../../components/editor/fields/required';

const EMAIL_TAKEN = 'This email is already used by another account.';

export function UsernameField({
  field,
  name,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  ctx,
}: CustomFieldProps) {
  const [taken, setTaken] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const check = async () => {
    onBlur();
    const email = text.trim();
    const unchanged = !ctx.isNew && email === (ctx.record?.username as string | undefined);
    if (unchanged || !EMAIL_PATTERN.test(email)) return setTaken(false);
    try {
      const res = await api.post<{ exists: boolean }>('check/email', { email });
      setTaken(res.exists);
    } catch {
      setTaken(false);
    }
  };
  return (
    <TextField
      name={name}
      label={field.label}
      type="email"
      autoComplete="off"
      disabled={disabled}
      value={text}
      onChange={(e) => {
        setTaken(false);
        onChange(e.target.value);
      }}
      onBlur={check}
      error={Boolean(error)}
      helperText={error ?? (taken ? EMAIL_TAKEN : field.helperText)}
      slotProps={requiredSlots(field.required)}
      sx={taken && !error ? { '& .MuiFormHelperText-root': { color: 'warning.main' } } : undefined}
    />
  );
}
