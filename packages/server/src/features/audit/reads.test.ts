import type { AuditRow } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, makeSite, makeTenant, makeThing, openStream, portOf } from '../../../test/factories.js';

const app = await makeApp();
const { db } = app.ctx;

describe('reads of a worker’s whereabouts', () => {
  it('writes a read row naming the worker for its events and stays, none for an item', async () => {
    const t = await makeTenant(app);
    const worker = await makeThing(db, t.org.id, t.site.id, { class: 'worker', name: 'Ana Worker' });
    const item = await makeThing(db, t.org.id, t.site.id, { class: 'item' });
    const site = t.site.id;
    expect((await t.viewer.request('GET', `/api/events?site=${site}&thing=${worker.id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await t.viewer.request('GET', `/api/zonedurations?site=${site}&thing=${worker.id}`)).statusCode,
    ).toBe(200);
    expect((await t.viewer.request('GET', `/api/events?site=${site}&thing=${item.id}`)).statusCode).toBe(200);
    expect((await t.viewer.request('GET', `/api/events?site=${site}`)).statusCode).toBe(200);
    const rows = (await t.admin.request('GET', '/api/audit?action=read')).json() as AuditRow[];
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({
        resource: 'workers',
        resourceId: worker.id,
        site,
        actor: { id: t.viewer.userId },
        changes: { workers: [{ id: worker.id, name: 'Ana Worker' }] },
      });
    }
  });

  it('writes one row per live stream opened on a site with workers, and none for a site without', async () => {
    const t = await makeTenant(app);
    await makeThing(db, t.org.id, t.site.id, { class: 'worker' });
    const empty = await makeSite(app, t.org.id, 'No workers');
    const port = await portOf(app);
    const stream = await openStream(port, `/api/live?site=${t.site.id}`, { cookie: t.viewer.cookie });
    const other = await openStream(port, `/api/live?site=${empty.id}`, { cookie: t.viewer.cookie });
    expect(stream.status).toBe(200);
    const reads = async () =>
      ((await t.admin.request('GET', '/api/audit?action=read')).json() as AuditRow[]).length;
    let n = 0;
    for (let i = 0; i < 30 && n === 0; i++) {
      n = await reads();
      if (!n) await new Promise((r) => setTimeout(r, 100));
    }
    stream.close();
    other.close();
    const rows = (await t.admin.request('GET', '/api/audit?action=read')).json() as AuditRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ site: t.site.id, changes: { workers: 'every worker of the site' } });
  });

  it('records exceptions filtered to a worker, and whole-site reads only when they include workers', async () => {
    const t = await makeTenant(app);
    const worker = await makeThing(db, t.org.id, t.site.id, { class: 'worker', name: 'Ben Worker' });
    const site = t.site.id;
    const reads = async () => (await t.admin.request('GET', '/api/audit?action=read')).json() as AuditRow[];
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await t.viewer.request(method, path, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    };
    const range = { after: '2024-01-10T00:00:00.000Z', before: '2024-01-11T00:00:00.000Z' };
    await ok('GET', `/api/exceptions?site=${site}&thing=${worker.id}`);
    expect(await reads()).toMatchObject([
      { resource: 'workers', resourceId: worker.id, changes: { route: 'GET /api/exceptions' } },
    ]);
    // Items only: no worker's data in the answer, no row.
    await ok('POST', '/api/reports/adhoc', {
      type: 'reportTypeSeen',
      site,
      format: 'json',
      class: 'item',
      ...range,
    });
    await ok('GET', `/api/things/export?site=${site}&class=item`);
    expect(await reads()).toHaveLength(1);
    // The whole site: one row for every worker of the site.
    await ok('POST', '/api/reports/adhoc', { type: 'reportTypeSeen', site, format: 'json', ...range });
    await ok('GET', `/api/exceptions/export?site=${site}&after=${range.after}&before=${range.before}`);
    // A streamed export's row is written as its handler returns, while the file streams: wait for it.
    let rows = await reads();
    for (let i = 0; i < 30 && rows.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await reads();
    }
    expect(rows).toHaveLength(3);
    expect(rows.slice(0, 2).map((r) => r.changes)).toEqual([
      { workers: 'every worker of the site', route: 'GET /api/exceptions/export' },
      { workers: 'every worker of the site', route: 'POST /api/reports/adhoc' },
    ]);
    // A site that hides its workers answers without them: no row.
    expect(
      (await t.admin.request('POST', `/api/orgsettings?site=${site}`, { hideWorkers: true })).statusCode,
    ).toBe(200);
    await ok('POST', '/api/reports/adhoc', { type: 'reportTypeSeen', site, format: 'json', ...range });
    expect(await reads()).toHaveLength(3);
  });
});
