import { describe, expect, it } from 'vitest';
import { requestWindow } from './request-window.js';

describe('requestWindow', () => {
  it('allows `limit` requests per address within the window, then refuses until it has passed', () => {
    const allowed = requestWindow(3, 1000);
    expect([0, 10, 20].map((t) => allowed('10.0.0.1', t))).toEqual([true, true, true]);
    expect(allowed('10.0.0.1', 30)).toBe(false);
    // Another address has a budget of its own.
    expect(allowed('10.0.0.2', 40)).toBe(true);
    // A new window starts once the first has passed.
    expect(allowed('10.0.0.1', 1000)).toBe(true);
  });
});
