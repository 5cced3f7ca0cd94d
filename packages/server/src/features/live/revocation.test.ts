/**
 * GET /api/live ends within a second once its credential may no longer read the site — the same
 * moment REST starts answering 401 (credential gone) or 404 (site out of reach) — and tells the
 * client why in a last `revoked` frame. A stream whose own credential is untouched stays open.
 */
import { describe, expect, it } from 'vitest';
import {
  clientWith,
  login,
  makeApp,
  makeTenant,
  msUntilEnded,
  openStream,
  PASSWORD,
  portOf,
  REVOCATIONS,
  REVOKED_STREAM_CLOSES_WITHIN_MS,
} from '../../../test/factories.js';

const app = await makeApp();
const port = await portOf(app);

describe('GET /api/live after a revocation', () => {
  it.each(REVOCATIONS.map((r) => [r.name, r] as const))(
    '%s: the stream ends within a second with the status REST now answers',
    async (_, revocation) => {
      const prepared = await revocation.prepare(app);
      const stream = await openStream(port, `/api/live?site=${prepared.siteId}`, prepared.auth);
      expect(stream.status).toBe(200);
      await prepared.revoke(app);
      expect(await msUntilEnded(stream, Date.now())).toBeLessThanOrEqual(REVOKED_STREAM_CLOSES_WITHIN_MS);
      const last = /event: revoked\ndata: (.*)\n\n$/.exec(stream.text());
      expect(JSON.parse(last?.[1] ?? 'null')).toMatchObject({ status: prepared.status });
      const rest = await clientWith(app, prepared.auth).request('GET', `/api/sites/${prepared.siteId}`);
      expect(rest.statusCode).toBe(prepared.status);
    },
  );

  it('leaves streams of other sessions, users and sites open', async () => {
    const t = await makeTenant(app);
    const second = await login(app, t.viewer.username, PASSWORD, t.viewer.userId);
    const kept = await openStream(port, `/api/live?site=${t.site.id}`, { cookie: second.cookie });
    const other = await openStream(port, `/api/live?site=${t.site.id}`, { cookie: t.operator.cookie });
    const revoked = await openStream(port, `/api/live?site=${t.site.id}`, { cookie: t.viewer.cookie });
    expect([kept.status, other.status, revoked.status]).toEqual([200, 200, 200]);
    await t.viewer.request('POST', '/api/auth/logout');
    expect(await msUntilEnded(revoked, Date.now())).toBeLessThanOrEqual(REVOKED_STREAM_CLOSES_WITHIN_MS);
    // Another recheck or two has run by now: the untouched streams are still open.
    await new Promise((r) => setTimeout(r, REVOKED_STREAM_CLOSES_WITHIN_MS));
    expect(kept.isEnded()).toBe(false);
    expect(other.isEnded()).toBe(false);
    kept.close();
    other.close();
  });
});
