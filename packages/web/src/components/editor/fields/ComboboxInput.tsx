/**
 * A searchable choice, single or multiple, optionally accepting typed values (freeSolo). A typed
 * value is never dropped silently: leaving the field (which Save does) adds what was typed as if
 * Enter had been pressed, so the form's rules check it like any other value.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { autocompleteFieldProps } from '../../autocomplete';
import type { ComboboxFieldDef, Option, Values } from '../types';
import type { FieldProps } from './props';
import { requiredSlots } from './required';

const toOption = (options: Option[], value: unknown): Option =>
  options.find((o) => o.value === value) ?? { value: value as string, label: String(value) };

export function ComboboxInput({ field, name, disabled }: FieldProps<ComboboxFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  const multiple = field.multiple ?? false;
  const raw = input.value as unknown;
  const value = multiple
    ? (Array.isArray(raw) ? raw : []).map((v) => toOption(field.options, v))
    : raw === undefined || raw === null || raw === ''
      ? null
      : toOption(field.options, raw);
  const fromChoice = (choice: Option | string) => (typeof choice === 'string' ? choice.trim() : choice.value);
  const [typed, setTyped] = useState('');
  const keepTyped = () => {
    const text = typed.trim();
    if (!field.freeSolo || text === '') return;
    if (!multiple) return input.onChange(text);
    const current = Array.isArray(raw) ? raw : [];
    input.onChange([...new Set([...current, text])]);
    setTyped('');
  };
  return (
    <Autocomplete<Option | string, boolean, false, boolean>
      multiple={multiple}
      freeSolo={field.freeSolo ?? false}
      options={field.options}
      value={value}
      disabled={disabled}
      filterSelectedOptions={multiple}
      autoHighlight
      size="small"
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      onBlur={() => {
        keepTyped();
        input.onBlur();
      }}
      onChange={(_, next) => {
        if (Array.isArray(next)) input.onChange([...new Set(next.map(fromChoice).filter((v) => v !== ''))]);
        else input.onChange(next === null ? null : fromChoice(next));
      }}
      isOptionEqualToValue={(a, b) =>
        (typeof a === 'string' ? a : a.value) === (typeof b === 'string' ? b : b.value)
      }
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      renderInput={(params) => (
        <TextField
          {...autocompleteFieldProps(
            params,
            requiredSlots(field.required, { htmlInput: { name: input.name } }),
          )}
          inputRef={input.ref}
          label={field.label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? field.helperText}
        />
      )}
    />
  );
}
