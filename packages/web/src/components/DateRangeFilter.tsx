/**
 * Start Date and End Date pickers (YYYY/MM/DD, the format of every date filter) with the quick
 * ranges (Today, Last 7 Days, Last 30 Days) and an optional Reset, for every screen that filters by
 * date: Events, a thing's Events and Zone History, an exception's events. Extra filters go in
 * `children`.
 */
import { Button, Stack } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import {
  activeQuickRange,
  type DateRange,
  QUICK_RANGES,
  quickDateRange,
  withEnd,
  withStart,
} from './date-range';
import { LIST_DATE_FORMAT } from './format';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  onReset?: () => void;
  /** Show the quick range buttons (default true). */
  quick?: boolean;
  children?: ReactNode;
}

const FIELD = { size: 'small' as const, sx: { width: { xs: '100%', sm: 200 } } };

// The calendar button shows only an icon: its tooltip says what it does.
const PICKER_SLOTS = { textField: FIELD, openPickerButton: { title: 'Choose date' } };

export function DateRangeFilter({ value, onChange, onReset, quick = true, children }: DateRangeFilterProps) {
  // Stable picker values: a new object on every render would reset a date being typed.
  const start = useMemo(() => (value.after ? dayjs(value.after) : null), [value.after]);
  const end = useMemo(() => (value.before ? dayjs(value.before) : null), [value.before]);
  const change = (next: DateRange | undefined) => {
    if (next) onChange(next);
  };
  const active = activeQuickRange(value);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <DatePicker
        label="Start Date"
        format={LIST_DATE_FORMAT}
        value={start}
        maxDate={end ?? undefined}
        onChange={(d) => change(withStart(value, d))}
        slotProps={PICKER_SLOTS}
      />
      <DatePicker
        label="End Date"
        format={LIST_DATE_FORMAT}
        value={end}
        minDate={start ?? undefined}
        onChange={(d) => change(withEnd(value, d))}
        slotProps={PICKER_SLOTS}
      />
      {children}
      {(quick || onReset) && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Quick date ranges">
          {quick &&
            QUICK_RANGES.map((q) => (
              <Button
                key={q.range}
                size="small"
                variant={active === q.range ? 'contained' : 'outlined'}
                aria-pressed={active === q.range}
                onClick={() => onChange(quickDateRange(q.range))}
              >
                {q.label}
              </Button>
            ))}
          {onReset && (
            <Button size="small" onClick={onReset}>
              Reset
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
