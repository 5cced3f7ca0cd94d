import { LIVE_MSG } from '@sightline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createThrottle,
  LIVE_BUSY_RETRY_MS,
  nextStep,
  notificationText,
  retryDelay,
  takeFrames,
} from './live';

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

describe('takeFrames', () => {
  it('reads complete frames, skips comments and keeps the unfinished rest', () => {
    const { frames, rest } = takeFrames(
      'retry: 3000\n: connected\n\nevent: thing\ndata: {"a":1}\n\r\nevent: revoked\ndata: {"st',
    );
    expect(frames).toEqual([{ event: 'thing', data: '{"a":1}' }]);
    expect(rest).toBe('event: revoked\ndata: {"st');
    expect(takeFrames(`${rest}atus":401}\n\n`).frames).toEqual([
      { event: 'revoked', data: '{"status":401}' },
    ]);
  });
});

describe('nextStep after a stream ends', () => {
  it('goes to the login page on 401, whether refused or revoked', () => {
    expect(nextStep({ kind: 'refused', status: 401, message: 'Session expired' }, 1)).toEqual({
      action: 'login',
    });
    expect(nextStep({ kind: 'revoked', status: 401, message: 'Session expired' }, 1)).toEqual({
      action: 'login',
    });
  });
  it('stops when the site is out of reach, saying why', () => {
    expect(nextStep({ kind: 'revoked', status: 404, message: 'Site not found' }, 1)).toEqual({
      action: 'stop',
      message: 'Live updates stopped: Site not found',
    });
    expect(nextStep({ kind: 'refused', status: 404, message: 'Site not found' }, 3).action).toBe('stop');
  });
  it("waits at least 30 s when too many streams are open, with the server's message", () => {
    const step = nextStep({ kind: 'refused', status: 429, message: LIVE_MSG.tooManyForSession }, 1);
    expect(step).toEqual({
      action: 'retry',
      delayMs: LIVE_BUSY_RETRY_MS,
      message: `Live updates stopped: ${LIVE_MSG.tooManyForSession}`,
    });
  });
  it('backs off after a dropped connection or a server error, never faster than once a second', () => {
    expect(nextStep({ kind: 'dropped' }, 1)).toEqual({ action: 'retry', delayMs: 1000 });
    expect(nextStep({ kind: 'dropped' }, 4)).toEqual({ action: 'retry', delayMs: 8000 });
    expect(nextStep({ kind: 'refused', status: 503, message: 'down' }, 2)).toEqual({
      action: 'retry',
      delayMs: 2000,
    });
  });
});
