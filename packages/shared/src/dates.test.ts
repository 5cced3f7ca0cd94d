import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatListDate, quickRange } from './dates.js';
import { fromNanoseconds, toNanoseconds } from './durations.js';

describe('dates (display formats, unset dates, quick ranges)', () => {
  it('formats lists as YYYY/MM/DD and elsewhere as MM/DD/YYYY', () => {
    expect(formatListDate('2024-03-05T12:00:00')).toBe('2024/03/05');
    expect(formatDate('2024-03-05T12:00:00')).toBe('03/05/2024');
    expect(formatDateTime('2024-03-05T15:07:00')).toBe('03/05/2024 03:07 pm');
  });
  it.each(['0999-12-31T00:00:00Z', null, undefined, 'not a date'])('shows N/A for %s', (v) => {
    expect(formatListDate(v)).toBe('N/A');
  });
  it('quick ranges go back 0, 6, 29 and 30 days', () => {
    const now = new Date(2024, 4, 31, 15, 0, 0);
    const days = (r: Parameters<typeof quickRange>[0]) => {
      const { after, before } = quickRange(r, now);
      return Math.round((new Date(before).getTime() - new Date(after).getTime()) / 86_400_000);
    };
    expect(days('today')).toBe(1);
    expect(days('7d')).toBe(7);
    expect(days('30d')).toBe(30);
    expect(days('31d')).toBe(31);
    expect(new Date(quickRange('month', now).after).getDate()).toBe(1);
  });
});

describe('durations in nanoseconds', () => {
  it('converts minutes by default', () => {
    expect(toNanoseconds(5)).toBe(300_000_000_000);
    expect(fromNanoseconds(300_000_000_000)).toBe(5);
    expect(toNanoseconds(2, 'hours')).toBe(7_200_000_000_000);
    expect(toNanoseconds(1.5, 'seconds')).toBe(1_500_000_000);
  });
});
