/** The exception lifecycle: acknowledge and resolve, one or many, with a note; the audit rows they leave. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteWithExceptions } from '../../../test/factories/exception.factory.js';
import { anonymous, makeApp } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import type { LiveMessage } from '../../platform/live.js';

const app = await makeApp();
const stateOf = async (s: Awaited<ReturnType<typeof siteWithExceptions>>, id: string) =>
  (await s.viewer.request('GET', `/api/exceptions/${id}`)).json();

function liveTap() {
  const seen: LiveMessage[] = [];
  const stop = app.ctx.live.subscribe((m) => seen.push(m));
  return { seen, stop };
}

describe('POST /api/exceptions/:id/acknowledge', () => {
  it('acknowledges an open exception with a note, once; publishes the change; records an audit row', async () => {
    const s = await siteWithExceptions(app);
    const tap = liveTap();
    const res = await s.manager.request('POST', `/api/exceptions/${s.shortage}/acknowledge`, {
      note: ' on my way ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: s.shortage,
      state: 'acknowledged',
      acknowledgedBy: s.manager.userId,
      acknowledgedByName: expect.any(String),
      acknowledgedAt: expect.any(String),
      resolvedAt: null,
      resolvedBy: null,
      note: 'on my way',
    });
    const again = await s.admin.request('POST', `/api/exceptions/${s.shortage}/acknowledge`);
    expect(again.json()).toMatchObject({
      acknowledgedBy: s.manager.userId,
      acknowledgedAt: res.json().acknowledgedAt,
      note: 'on my way',
    });
    tap.stop();
    const changes = tap.seen.filter((m) => m.type === 'exception');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toMatchObject({
      _id: s.shortage,
      state: 'acknowledged',
      change: 'acknowledged',
    });
    const audit = await rows<{
      action: string;
      resource: string;
      resource_id: string | null;
      actor_id: string;
    }>(
      app.ctx.db,
      sql`SELECT action, resource, resource_id, actor_id FROM audit_rows WHERE org_id = ${s.org.id}
          AND resource = 'exceptions' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['acknowledge', 'acknowledge']);
    expect(audit[0]).toMatchObject({ resource_id: s.shortage, actor_id: s.manager.userId });
  });

  it('409 for a resolved exception; 400 (nothing stored), 401, 403, another organization 404', async () => {
    const s = await siteWithExceptions(app);
    const url = `/api/exceptions/${s.shortage}/acknowledge`;
    for (const body of [{ note: 'x'.repeat(1001) }, { note: 5 }, { nope: true }]) {
      expect((await s.manager.request('POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await s.manager.request('POST', '/api/exceptions/xyz/acknowledge')).statusCode).toBe(400);
    expect((await anonymous(app).request('POST', url)).statusCode).toBe(401);
    expect((await s.viewer.request('POST', url)).statusCode).toBe(403);
    expect((await s.operator.request('POST', url)).statusCode).toBe(403);
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('POST', url)).statusCode).toBe(404);
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open', acknowledgedAt: null, note: null });
    await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/resolve`);
    const late = await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/acknowledge`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The exception is already resolved');
  });
});

describe('POST /api/exceptions/:id/resolve', () => {
  it('resolves an acknowledged exception by the caller, with the note; leaves the acknowledgement', async () => {
    const s = await siteWithExceptions(app);
    await s.manager.request('POST', `/api/exceptions/${s.shortage}/acknowledge`);
    const res = await s.admin.request('POST', `/api/exceptions/${s.shortage}/resolve`, { note: 'box found' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'resolved',
      acknowledgedBy: s.manager.userId,
      resolvedBy: s.admin.userId,
      resolvedAt: expect.any(String),
      note: 'box found',
    });
    const open = await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&state=open,acknowledged`);
    expect(open.json().map((e: { _id: string }) => e._id)).not.toContain(s.shortage);
  });

  it('400 (nothing stored), 401, 403, another organization 404', async () => {
    const s = await siteWithExceptions(app);
    const url = `/api/exceptions/${s.shortage}/resolve`;
    expect((await s.manager.request('POST', url, { note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await s.manager.request('POST', url, { note: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await anonymous(app).request('POST', url)).statusCode).toBe(401);
    expect((await s.viewer.request('POST', url)).statusCode).toBe(403);
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('POST', url)).statusCode).toBe(404);
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open', resolvedAt: null, note: null });
  });
});

describe('POST /api/exceptions/acknowledge and /resolve (many)', () => {
  it('changes all of them; resolved ones stay resolved', async () => {
    const s = await siteWithExceptions(app);
    await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/resolve`);
    const res = await s.manager.request('POST', '/api/exceptions/acknowledge', {
      ids: [s.shortage, s.timeException, s.wrongZone],
      note: 'seen',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { state: string }) => e.state)).toEqual([
      'acknowledged',
      'acknowledged',
      'resolved',
    ]);
    const list = await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&state=acknowledged`);
    expect(
      list
        .json()
        .map((e: { _id: string }) => e._id)
        .sort(),
    ).toEqual([s.shortage, s.timeException].sort());
    const resolved = await s.manager.request('POST', '/api/exceptions/resolve', { ids: [s.shortage] });
    expect(resolved.json()[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: s.manager.userId,
      note: 'seen',
    });
  });

  it('refuses the whole request: 400 (bad body), 401, 403, one id of another organization 404', async () => {
    const s = await siteWithExceptions(app);
    const other = await siteWithExceptions(app);
    const url = '/api/exceptions/acknowledge';
    for (const body of [{}, { ids: [] }, { ids: ['xyz'] }, { ids: [s.shortage], more: 1 }]) {
      expect((await s.manager.request('POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await anonymous(app).request('POST', url, { ids: [s.shortage] })).statusCode).toBe(401);
    expect((await s.viewer.request('POST', url, { ids: [s.shortage] })).statusCode).toBe(403);
    const mixed = await s.manager.request('POST', url, { ids: [s.shortage, other.shortage] });
    expect(mixed.statusCode).toBe(404);
    const resolveMixed = await s.manager.request('POST', '/api/exceptions/resolve', {
      ids: [s.timeException, other.shortage],
    });
    expect(resolveMixed.statusCode).toBe(404);
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open' });
    expect(await stateOf(s, s.timeException)).toMatchObject({ state: 'open' });
    expect(await stateOf(other, other.shortage)).toMatchObject({ state: 'open' });
  });
});

describe('GET /api/exceptions?state=', () => {
  it('filters by states; 400 for an unknown one', async () => {
    const s = await siteWithExceptions(app);
    await s.manager.request('POST', `/api/exceptions/${s.shortage}/acknowledge`);
    await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/resolve`);
    const get = (q: string) => s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&${q}`);
    const ids = async (q: string) => (await get(q)).json().map((e: { _id: string }) => e._id);
    expect(await ids('state=open')).toEqual([s.timeException]);
    expect(await ids('state=open,acknowledged')).toEqual([s.shortage, s.timeException]);
    expect(await ids('state=resolved')).toEqual([s.wrongZone]);
    expect(await ids(`zone=${s.store}&state=open,acknowledged`)).toEqual([s.shortage]);
    expect((await get('state=closed')).statusCode).toBe(400);
    expect((await get('state=')).statusCode).toBe(400);
  });
});
