/** A read-only time, shown as MM/DD/YYYY hh:mm am/pm (or 'N/A' when unset). */
import { TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { formatDateTime } from '../../format';
import type { FormattedTimeFieldDef, Values } from '../types';
import type { FieldProps } from './props';

export function FormattedTime({ field, name }: FieldProps<FormattedTimeFieldDef<Values>>) {
  const { field: input } = useController({ name });
  const text = field.format
    ? field.format(input.value)
    : formatDateTime(input.value as string | null | undefined);
  return (
    <TextField
      label={field.label}
      value={text}
      helperText={field.helperText}
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'background.default' } }}
    />
  );
}
