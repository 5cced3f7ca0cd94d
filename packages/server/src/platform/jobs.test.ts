import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../test/factories.js';
import type { App } from './context.js';
import { createScheduler, type JobScope, stopping } from './jobs.js';

describe('job scheduler', () => {
  let app: App;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(() => app.close());

  it('stops a tick in progress early: no later job starts, and the running one sees `stopping`', async () => {
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: { started: boolean; stoppingAfter: boolean | undefined; laterRan: boolean } = {
      started: false,
      stoppingAfter: undefined,
      laterRan: false,
    };
    const name = `test.stop-${Date.now()}`;
    const scheduler = createScheduler(app.ctx.db, [
      {
        name: `${name}.first`,
        intervalMs: 60_000,
        run: async (_now, _since, scope: JobScope) => {
          seen.started = true;
          await blocked;
          seen.stoppingAfter = stopping(scope);
        },
      },
      {
        name: `${name}.later`,
        intervalMs: 60_000,
        run: async () => {
          seen.laterRan = true;
        },
      },
    ]);
    const ticked = scheduler.tick();
    while (!seen.started) await new Promise((r) => setTimeout(r, 10));
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(await ticked).toEqual([`${name}.first`]);
    expect(seen).toEqual({ started: true, stoppingAfter: true, laterRan: false });

    // Started again, it runs what is due as before.
    scheduler.start();
    await scheduler.stop();
    const again = createScheduler(app.ctx.db, [
      {
        name: `${name}.fresh`,
        intervalMs: 60_000,
        run: async (_n, _s, scope) => void expect(stopping(scope)).toBe(false),
      },
    ]);
    expect(await again.tick()).toEqual([`${name}.fresh`]);
  });
});
