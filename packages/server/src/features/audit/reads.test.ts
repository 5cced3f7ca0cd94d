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
});
