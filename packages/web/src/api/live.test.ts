import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle, notificationText, retryDelay } from './live';

describe('createThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per interval per key with one trailing run', () => {
    const runs: string[] = [];
    const throttle = createThrottle((key) => runs.push(key), 1000);
    throttle.call('events');
    throttle.call('events');
    throttle.call('events');
    throttle.call('things');
    expect(runs).toEqual(['events', 'things']);
    vi.advanceTimersByTime(999);
    expect(runs).toEqual(['events', 'things']);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['events', 'things', 'events']);
    vi.advanceTimersByTime(5000);
    throttle.call('events');
    expect(runs).toEqual(['events', 'things', 'events', 'events']);
  });

  it('drops pending runs when cancelled', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call('a');
    throttle.call('a');
    throttle.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('retryDelay and notificationText', () => {
  it('backs off from 1 s doubling up to 30 s', () => {
    expect([1, 2, 3, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
  });
  it('reads message or text of a notification', () => {
    expect(notificationText({ message: ' Hello ' })).toBe('Hello');
    expect(notificationText({ text: 'Hi' })).toBe('Hi');
    expect(notificationText({ message: '' })).toBeUndefined();
    expect(notificationText(null)).toBeUndefined();
  });
});
