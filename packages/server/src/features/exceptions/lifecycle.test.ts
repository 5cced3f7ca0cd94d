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

interface AuditSeen {
  action: string;
  resource: string;
  resource_id: string | null;
  site_id: string | null;
  actor_id: string;
  changes: Record<string, unknown>;
}
const auditOf = (orgId: string) =>
  rows<AuditSeen>(
    app.ctx.db,
    sql`SELECT action, resource, resource_id, site_id, actor_id, changes FROM audit_rows
        WHERE org_id = ${orgId} AND resource = 'exceptions' ORDER BY id`,
  );

describe('POST /api/exceptions/:id/acknowledge', () => {
  it('acknowledges an open exception with a note; a second acknowledgement keeps the first and adds its note', async () => {
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
      acknowledgementNote: 'on my way',
      resolutionNote: null,
      note: 'on my way',
      notes: [
        {
          change: 'acknowledged',
          text: 'on my way',
          by: s.manager.userId,
          byName: expect.any(String),
          at: res.json().acknowledgedAt,
        },
      ],
    });
    const again = await s.admin.request('POST', `/api/exceptions/${s.shortage}/acknowledge`, {
      note: 'bringing the ladder',
    });
    expect(again.json()).toMatchObject({
      acknowledgedBy: s.manager.userId,
      acknowledgedAt: res.json().acknowledgedAt,
      acknowledgementNote: 'bringing the ladder',
    });
    expect(again.json().notes.map((n: { text: string; by: string }) => [n.text, n.by])).toEqual([
      ['on my way', s.manager.userId],
      ['bringing the ladder', s.admin.userId],
    ]);
    tap.stop();
    // The state changed once: one live message (a note alone is no change of state).
    const changes = tap.seen.filter((m) => m.type === 'exception');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toMatchObject({
      _id: s.shortage,
      state: 'acknowledged',
      change: 'acknowledged',
    });
    const audit = await auditOf(s.org.id);
    expect(audit.map((a) => [a.action, a.resource_id, a.site_id, a.actor_id])).toEqual([
      ['acknowledge', s.shortage, s.site.id, s.manager.userId],
      ['acknowledge', s.shortage, s.site.id, s.admin.userId],
    ]);
    expect(audit[0]?.changes).toEqual({
      alert: 'Inventory shortage alert for Pallet 1 in Store',
      state: ['open', 'acknowledged'],
      acknowledgementNote: [null, 'on my way'],
    });
    expect(audit[1]?.changes).toEqual({
      alert: 'Inventory shortage alert for Pallet 1 in Store',
      acknowledgementNote: ['on my way', 'bringing the ladder'],
    });
    // The Audit Log lists them with their actions, record and site, filtered by action.
    const listed = await s.admin.request('GET', '/api/audit?resource=exceptions&action=acknowledge');
    expect(listed.json()).toHaveLength(2);
    expect(listed.json()[0]).toMatchObject({
      action: 'acknowledge',
      resourceId: s.shortage,
      site: s.site.id,
    });
  });

  it('a note of nothing but spaces is no note: it adds none and erases none', async () => {
    const s = await siteWithExceptions(app);
    const url = `/api/exceptions/${s.shortage}`;
    await s.manager.request('POST', `${url}/acknowledge`, { note: 'first' });
    const blank = await s.manager.request('POST', `${url}/acknowledge`, { note: '   ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ acknowledgementNote: 'first', note: 'first' });
    const resolved = await s.manager.request('POST', `${url}/resolve`, { note: ' \t ' });
    expect(resolved.json()).toMatchObject({
      state: 'resolved',
      acknowledgementNote: 'first',
      resolutionNote: null,
      note: 'first',
    });
    expect(resolved.json().notes).toHaveLength(1);
  });

  it('an Operator acknowledges; 409 for a resolved exception; 400 (nothing stored), 401, 403, another organization 404', async () => {
    const s = await siteWithExceptions(app);
    const url = `/api/exceptions/${s.shortage}/acknowledge`;
    for (const body of [{ note: 'x'.repeat(1001) }, { note: 5 }, { nope: true }]) {
      expect((await s.manager.request('POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await s.manager.request('POST', '/api/exceptions/xyz/acknowledge')).statusCode).toBe(400);
    expect((await anonymous(app).request('POST', url)).statusCode).toBe(401);
    const refused = await s.viewer.request('POST', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to modify exceptions' });
    const other = await siteWithExceptions(app);
    const foreign = await other.admin.request('POST', url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Exception not found' });
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open', acknowledgedAt: null, notes: [] });
    const byOperator = await s.operator.request('POST', url, { note: 'on the floor' });
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.json()).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: s.operator.userId,
      acknowledgementNote: 'on the floor',
    });
    await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/resolve`);
    const late = await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/acknowledge`, { note: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The alert is already resolved');
    expect(await stateOf(s, s.wrongZone)).toMatchObject({ notes: [] });
  });
});

describe('POST /api/exceptions/:id/resolve', () => {
  it('resolves an acknowledged exception by the caller; keeps the acknowledgement and both notes', async () => {
    const s = await siteWithExceptions(app);
    await s.manager.request('POST', `/api/exceptions/${s.shortage}/acknowledge`, { note: 'looking' });
    const res = await s.admin.request('POST', `/api/exceptions/${s.shortage}/resolve`, { note: 'box found' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'resolved',
      acknowledgedBy: s.manager.userId,
      resolvedBy: s.admin.userId,
      resolvedAt: expect.any(String),
      acknowledgementNote: 'looking',
      resolutionNote: 'box found',
      note: 'box found',
    });
    expect(res.json().notes.map((n: { change: string }) => n.change)).toEqual(['acknowledged', 'resolved']);
    const open = await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&state=open,acknowledged`);
    expect(open.json().map((e: { _id: string }) => e._id)).not.toContain(s.shortage);
    const [, resolveRow] = await auditOf(s.org.id);
    expect(resolveRow).toMatchObject({
      action: 'resolve',
      resource_id: s.shortage,
      changes: {
        alert: 'Inventory shortage alert for Pallet 1 in Store',
        state: ['acknowledged', 'resolved'],
        resolutionNote: [null, 'box found'],
      },
    });
  });

  it('an Operator resolves; 400 (nothing stored), 401, 403, another organization 404', async () => {
    const s = await siteWithExceptions(app);
    const url = `/api/exceptions/${s.shortage}/resolve`;
    expect((await s.manager.request('POST', url, { note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await s.manager.request('POST', url, { note: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await anonymous(app).request('POST', url)).statusCode).toBe(401);
    expect((await s.viewer.request('POST', url)).statusCode).toBe(403);
    const other = await siteWithExceptions(app);
    expect((await other.admin.request('POST', url)).statusCode).toBe(404);
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open', resolvedAt: null, notes: [] });
    const byOperator = await s.operator.request('POST', url);
    expect(byOperator.json()).toMatchObject({ state: 'resolved', resolvedBy: s.operator.userId });
  });
});

describe('POST /api/exceptions/acknowledge and /resolve (many)', () => {
  it('changes all of them, one audit row each; resolved ones stay resolved; notes are kept apart', async () => {
    const s = await siteWithExceptions(app);
    await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/resolve`);
    const res = await s.operator.request('POST', '/api/exceptions/acknowledge', {
      ids: [s.shortage, s.timeException, s.wrongZone],
      note: 'seen',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { state: string }) => e.state)).toEqual([
      'acknowledged',
      'acknowledged',
      'resolved',
    ]);
    expect(res.json().map((e: { acknowledgementNote: string | null }) => e.acknowledgementNote)).toEqual([
      'seen',
      'seen',
      null,
    ]);
    const list = await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}&state=acknowledged`);
    expect(
      list
        .json()
        .map((e: { _id: string }) => e._id)
        .sort(),
    ).toEqual([s.shortage, s.timeException].sort());
    const resolved = await s.manager.request('POST', '/api/exceptions/resolve', {
      ids: [s.shortage],
      note: 'done',
    });
    expect(resolved.json()[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: s.manager.userId,
      acknowledgementNote: 'seen',
      resolutionNote: 'done',
    });
    const bulkRows = (await auditOf(s.org.id)).slice(1);
    expect(bulkRows.map((a) => [a.action, a.resource_id, a.site_id])).toEqual([
      ['acknowledge', s.shortage, s.site.id],
      ['acknowledge', s.timeException, s.site.id],
      ['acknowledge', s.wrongZone, s.site.id],
      ['resolve', s.shortage, s.site.id],
    ]);
    expect(bulkRows[1]?.changes).toEqual({
      alert: 'Zone time alert for Pallet 1 in Dock',
      state: ['open', 'acknowledged'],
      acknowledgementNote: [null, 'seen'],
    });
    // A resolved one is reached but left as it is: its row names it and changes nothing.
    expect(bulkRows[2]?.changes).toEqual({ alert: expect.stringMatching(/^Inventory overage alert for /) });
  });

  it('refuses the whole request: 400 (bad body), 401, 403, one id of another organization 404', async () => {
    const s = await siteWithExceptions(app);
    const other = await siteWithExceptions(app);
    const url = '/api/exceptions/acknowledge';
    const bad = [
      {},
      { ids: [] },
      { ids: ['xyz'] },
      { ids: [s.shortage], more: 1 },
      { ids: [s.shortage], note: 7 },
    ];
    for (const path of [url, '/api/exceptions/resolve'])
      for (const body of bad) {
        expect(
          (await s.manager.request('POST', path, body)).statusCode,
          `${path} ${JSON.stringify(body)}`,
        ).toBe(400);
      }
    expect((await anonymous(app).request('POST', url, { ids: [s.shortage] })).statusCode).toBe(401);
    expect((await s.viewer.request('POST', url, { ids: [s.shortage] })).statusCode).toBe(403);
    expect(
      (await s.viewer.request('POST', '/api/exceptions/resolve', { ids: [s.shortage] })).statusCode,
    ).toBe(403);
    const mixed = await s.manager.request('POST', url, { ids: [s.shortage, other.shortage] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: 'Exception not found' });
    const resolveMixed = await s.manager.request('POST', '/api/exceptions/resolve', {
      ids: [s.timeException, other.shortage],
    });
    expect(resolveMixed.statusCode).toBe(404);
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open' });
    expect(await stateOf(s, s.timeException)).toMatchObject({ state: 'open' });
    expect(await stateOf(other, other.shortage)).toMatchObject({ state: 'open' });
    expect(await auditOf(s.org.id)).toEqual([]);
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
