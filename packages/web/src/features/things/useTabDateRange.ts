import { useState } from 'react';
import { type DateRange, quickDateRange } from '../../components/date-range';

/** The date range of a thing tab (Events, Zone History): the last 7 days at first; `onChange` runs on every new range (back to page 1). */
export function useTabDateRange(onChange: () => void) {
  const [range, setRange] = useState<DateRange>(() => quickDateRange('7d'));
  const change = (next: DateRange) => {
    setRange(next);
    onChange();
  };
  return [range, change] as const;
}
