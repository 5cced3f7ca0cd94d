/**
 * Date (MM/DD/YYYY) or date-time (MM/DD/YYYY hh:mm am/pm) entry; a year before 1000 means the date
 * is unset.
 */

import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { isUnsetDate } from '@sightline/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { useController } from 'react-hook-form';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../format';
import type { DateFieldDef, Values } from '../types';
import type { FieldProps } from './props';

export function DateInput({ field, name, disabled }: FieldProps<DateFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  const raw = input.value as string | null | undefined;
  const value = isUnsetDate(raw) ? null : dayjs(raw);
  const onChange = (next: Dayjs | null) => {
    if (!next?.isValid() || next.year() < 1000) input.onChange(null);
    else input.onChange((field.withTime ? next : next.startOf('day')).toISOString());
  };
  const common = {
    label: field.label,
    value,
    onChange,
    disabled,
    slotProps: {
      textField: {
        name: input.name,
        inputRef: input.ref,
        onBlur: input.onBlur,
        fullWidth: true,
        size: 'small' as const,
        error: Boolean(fieldState.error),
        helperText: fieldState.error?.message ?? field.helperText,
        // Picker fields take InputLabelProps (not slotProps); see required.ts for the marker.
        InputLabelProps: field.required ? { className: 'sl-required' } : undefined,
      },
    },
  };
  return field.withTime ? (
    <DateTimePicker {...common} format={DATE_TIME_FORMAT} />
  ) : (
    <DatePicker {...common} format={DATE_FORMAT} />
  );
}
