import { describe, expect, it } from 'vitest';
import { isUnsetDate, quickRange } from './dates.js';
import { fromNanoseconds, toNanoseconds } from './durations.js';

describe('dates (unset dates, quick ranges)', () => {
  it.each(['0999-12-31T00:00:00Z', null, undefined, 'not a date'])('counts %s as unset', (v) => {
    expect(isUnsetDate(v)).toBe(true);
  });
  it('counts a date from year 1000 as set', () => {
    expect(isUnsetDate('1000-01-01T12:00:00Z')).toBe(false);
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
