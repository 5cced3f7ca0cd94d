import { describe, expect, it } from 'vitest';
import {
  DATE_TIME_FORMAT,
  formatDateTimeIn,
  formatDay,
  formatTimeAs,
  LIST_DATE_FORMAT,
  LIST_DATE_TIME_FORMAT,
} from './date-format.js';

describe('date and time forms', () => {
  it("shows a mail's date-time on the site's wall clock, in the console's form", () => {
    expect(formatDateTimeIn('2026-11-27T16:20:05Z', 'UTC')).toBe('11/27/2026 04:20 pm');
    expect(formatDateTimeIn('2026-11-27T16:20:05Z', 'America/New_York')).toBe('11/27/2026 11:20 am');
    expect(formatDateTimeIn('2026-11-27T23:30:00Z', 'Asia/Kolkata')).toBe('11/28/2026 05:00 am');
    expect(formatDateTimeIn(new Date('2026-07-01T00:07:00Z'), 'Europe/Berlin')).toBe('07/01/2026 02:07 am');
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    // 2026-03-08 07:30 UTC is 03:30 EDT, just after New York's clocks went forward.
    expect(formatDateTimeIn('2026-03-08T07:30:00Z', 'America/New_York')).toBe('03/08/2026 03:30 am');
    expect(formatDateTimeIn('2026-03-08T06:30:00Z', 'America/New_York')).toBe('03/08/2026 01:30 am');
  });

  it("formats in the runtime's zone without one, with the list patterns", () => {
    const local = new Date(2026, 10, 27, 16, 20, 5);
    expect(formatTimeAs(local, LIST_DATE_FORMAT)).toBe('2026/11/27');
    expect(formatTimeAs(local.getTime(), LIST_DATE_TIME_FORMAT)).toBe('2026/11/27 04:20 pm');
    expect(formatTimeAs(local, DATE_TIME_FORMAT)).toBe('11/27/2026 04:20 pm');
  });

  it('shows an unset date as N/A', () => {
    for (const v of ['0999-12-31T00:00:00Z', null, undefined, '', 'not a date'])
      expect(formatDateTimeIn(v, 'UTC')).toBe('N/A');
    expect(formatDay('0999-12-31')).toBe('N/A');
  });

  it('shows a calendar day outside a list as MM/DD/YYYY', () => {
    expect(formatDay('2024-01-11')).toBe('01/11/2024');
    expect(formatDay('2024-1-11')).toBe('N/A');
  });
});
