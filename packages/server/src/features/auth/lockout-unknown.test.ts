/**
 * An unknown username answers `account locked` after 10 failures, like a real
 * one — and keeps answering so after the scheduler prunes old failures.
 */
import { LOGIN_LOCK_AFTER, LOGIN_REASONS, MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, randomIp } from '../../../test/factories.js';
import { loginFailures } from '../../db/schema.js';
import { LOGIN_FAILURE_RETENTION_MS, PRUNE_LOGIN_FAILURES_JOB } from './jobs.js';

const app = await makeApp({ loginRateWindowMs: 1 });
const attempt = (username: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: 'wrong-password' },
    remoteAddress: randomIp(),
  });

describe('lockout does not tell real accounts from unknown ones', () => {
  it('answers account locked on the 10th failure of an unknown username, and after', async () => {
    const username = `nobody-${Date.now()}@example.com`;
    for (let i = 1; i < 10; i++)
      expect((await attempt(username)).json()).toEqual({ message: MSG.loginInvalid });
    const tenth = await attempt(username);
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json()).toEqual({ message: MSG.loginLocked, reason: LOGIN_REASONS.locked });
    expect((await attempt(username.toUpperCase())).json().reason).toBe(LOGIN_REASONS.locked);
  });
});

describe('old login failures are pruned by the scheduler', () => {
  it('deletes failures older than a day, keeps recent ones and the count of a locked unknown name', async () => {
    const { db } = app.ctx;
    const now = Date.now();
    const old = new Date(now - LOGIN_FAILURE_RETENTION_MS - 60_000);
    const stamp = now.toString(36);
    const names = {
      old: `old-${stamp}@example.com`,
      fresh: `fresh-${stamp}@example.com`,
      locked: `locked-${stamp}@example.com`,
    };
    await db.insert(loginFailures).values([
      { username: names.old, ip: '10.0.0.1', at: old },
      { username: names.fresh, ip: '10.0.0.2', at: new Date(now - 60_000) },
      ...Array.from({ length: LOGIN_LOCK_AFTER }, () => ({
        username: names.locked,
        ip: '10.0.0.3',
        at: old,
      })),
    ]);
    const ran = await app.jobs.tick(now, { orgIds: [`prune-${stamp}`] });
    expect(ran).toContain(PRUNE_LOGIN_FAILURES_JOB);
    const left = async (username: string) =>
      (await db.select().from(loginFailures).where(eq(loginFailures.username, username))).length;
    expect(await left(names.old)).toBe(0);
    expect(await left(names.fresh)).toBe(1);
    expect(await left(names.locked)).toBe(LOGIN_LOCK_AFTER);
    expect((await attempt(names.locked)).json().reason).toBe(LOGIN_REASONS.locked);
  });
});
