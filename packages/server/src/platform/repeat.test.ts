import { describe, expect, it } from 'vitest';
import { createRepeater } from './repeat.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createRepeater', () => {
  it('runs the step on its interval, one run at a time, until stopped', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const repeater = createRepeater(
      async () => {
        active += 1;
        most = Math.max(most, active);
        await sleep(15);
        active -= 1;
        runs += 1;
      },
      5,
      () => undefined,
    );
    repeater.start();
    repeater.start(); // a second start does not add a second loop
    await sleep(120);
    await repeater.stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(active).toBe(0); // stop() waited for the run in progress
    await sleep(40);
    expect(runs).toBe(stoppedAt);
  });

  it('reports a failing step and keeps going; run() hands the result to the caller', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const repeater = createRepeater(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return calls;
      },
      5,
      (err) => errors.push(err),
    );
    repeater.start();
    await sleep(40);
    await repeater.stop();
    expect(errors).toHaveLength(1);
    expect(calls).toBeGreaterThan(1);
    const before = calls;
    await expect(repeater.run()).resolves.toBe(before + 1);
  });
});
