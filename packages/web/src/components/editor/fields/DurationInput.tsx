/** A duration stored in nanoseconds, entered as an amount and a unit (minutes by default). */
import { MenuItem, Stack, TextField } from '@mui/material';
import {
  DURATION_UNIT_DEFAULT,
  DURATION_UNITS,
  type DurationUnit,
  fromNanoseconds,
  toNanoseconds,
} from '@sightline/shared';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import type { DurationFieldDef, Values } from '../types';
import { parseDecimal } from '../validate';
import type { FieldProps } from './props';
import { requiredSlots } from './required';

/** Units in the order the unit select offers them: seconds, minutes, hours, days, milliseconds. */
const UNIT_ORDER: DurationUnit[] = ['seconds', 'minutes', 'hours', 'days', 'milliseconds'];
const shown = (value: number | null, u: DurationUnit) =>
  value === null ? '' : String(Number(fromNanoseconds(value, u).toFixed(6)));
const label = (unit: DurationUnit) => unit[0]?.toUpperCase() + unit.slice(1);

export function DurationInput({ field, name, disabled }: FieldProps<DurationFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  const ns = typeof input.value === 'number' ? input.value : null;
  const [unit, setUnit] = useState<DurationUnit>(field.defaultUnit ?? DURATION_UNIT_DEFAULT);
  const [text, setText] = useState(shown(ns, unit));
  useEffect(() => {
    setText((current) => {
      const typed = parseDecimal(current);
      return typed !== null && ns !== null && toNanoseconds(typed, unit) === ns ? current : shown(ns, unit);
    });
  }, [ns, unit]);
  const commit = (nextText: string, nextUnit: DurationUnit) => {
    const amount = parseDecimal(nextText);
    input.onChange(amount === null ? null : toNanoseconds(amount, nextUnit));
  };
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        name={input.name}
        inputRef={input.ref}
        onBlur={input.onBlur}
        label={field.label}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          commit(e.target.value, unit);
        }}
        disabled={disabled}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ?? field.helperText}
        slotProps={requiredSlots(field.required, { htmlInput: { inputMode: 'decimal' } })}
      />
      <TextField
        select
        label="Unit"
        value={unit}
        disabled={disabled}
        onChange={(e) => {
          const next = e.target.value as DurationUnit;
          setUnit(next);
          commit(text, next);
        }}
        sx={{ width: 150, flexShrink: 0 }}
        slotProps={{ htmlInput: { 'aria-label': `${field.label} unit` } }}
      >
        {UNIT_ORDER.filter((u) => DURATION_UNITS.some((d) => d.unit === u)).map((u) => (
          <MenuItem key={u} value={u}>
            {label(u)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
