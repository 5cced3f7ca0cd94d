/**
 * The site's daily report time: a 12-hour clock picker (am/pm, as every time shown) storing 'HH:mm'
 * (SiteInput).
 */
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import type { CustomFieldProps } from '../../components';
import { CLOCK_FORMAT, STORED_TIME_OF_DAY } from '../../components/format';

export function DailyTimeField({ field, name, value, onChange, onBlur, disabled, error }: CustomFieldProps) {
  const text = typeof value === 'string' ? value : '';
  const parsed = text ? dayjs(`2000-01-01T${text}`) : null;
  const change = (next: Dayjs | null) => onChange(next?.isValid() ? next.format(STORED_TIME_OF_DAY) : '');
  return (
    <TimePicker
      label={field.label}
      value={parsed?.isValid() ? parsed : null}
      onChange={change}
      disabled={disabled}
      format={CLOCK_FORMAT}
      slotProps={{
        field: { clearable: true },
        textField: {
          name,
          onBlur,
          fullWidth: true,
          size: 'small',
          error: Boolean(error),
          helperText: error ?? field.helperText,
        },
      }}
    />
  );
}
