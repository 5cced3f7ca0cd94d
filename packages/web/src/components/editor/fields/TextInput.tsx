/** Text, email, password and number inputs; numbers are stored as decimals. */
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import type { TextFieldDef, Values } from '../types';
import { parseDecimal } from '../validate';
import type { FieldProps } from './props';
import { requiredSlots } from './required';

export function TextInput({ field, name, disabled }: FieldProps<TextFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  if (field.inputType === 'number') return <NumberInput field={field} name={name} disabled={disabled} />;
  // The form's ref goes to the <input> itself, so a field in error can take the focus.
  const { ref, ...rest } = input;
  return (
    <TextField
      {...rest}
      inputRef={ref}
      value={input.value ?? ''}
      label={field.label}
      type={field.inputType ?? 'text'}
      disabled={disabled}
      multiline={field.multiline}
      minRows={field.multiline ? 3 : undefined}
      autoComplete={field.autoComplete}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? field.helperText}
      slotProps={requiredSlots(field.required)}
    />
  );
}

function NumberInput({ field, name, disabled }: Omit<FieldProps<TextFieldDef<Values>>, 'ctx'>) {
  const { field: input, fieldState } = useController({ name });
  const value = input.value as number | null | undefined;
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  // Follow the form when it changes the value (load, reset) without fighting the user's typing.
  useEffect(() => {
    setText((current) => (parseDecimal(current) === (value ?? null) ? current : String(value ?? '')));
  }, [value]);
  return (
    <TextField
      name={input.name}
      inputRef={input.ref}
      onBlur={input.onBlur}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        input.onChange(parseDecimal(e.target.value));
      }}
      label={field.label}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? field.helperText}
      slotProps={requiredSlots(field.required, { htmlInput: { inputMode: 'decimal' } })}
    />
  );
}
