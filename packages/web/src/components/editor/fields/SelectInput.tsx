/**
 * A single choice; a required select left empty says 'Please select an item.' (a fixed text: users
 * and tests match it).
 */
import { MenuItem, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import type { SelectFieldDef, Values } from '../types';
import type { FieldProps } from './props';
import { requiredSlots } from './required';

export function SelectInput({ field, name, disabled }: FieldProps<SelectFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  const current = input.value ?? '';
  return (
    <TextField
      select
      name={input.name}
      inputRef={input.ref}
      onBlur={input.onBlur}
      value={field.options.some((o) => o.value === current) ? current : ''}
      onChange={(e) => {
        const option = field.options.find((o) => String(o.value) === String(e.target.value));
        input.onChange(option ? option.value : e.target.value);
      }}
      label={field.label}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? field.helperText}
      slotProps={requiredSlots(field.required)}
    >
      {!field.required && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {field.options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
