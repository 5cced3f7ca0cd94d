import { type AuditRow, PERSONAL_DATA_MSG } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, login, makeApp, makeOrg, makeThing, makeUser } from '../../../test/factories.js';
import { rows } from '../../db/client.js';

const app = await makeApp();
const { db } = app.ctx;

/** A worker seen at the dock and then the store (events, stays, raw sightings, tag state). */
async function trackedWorker() {
  const t = await trackedSite(app);
  const n = Math.floor(Math.random() * 0xffffff);
  const tag = `E28011606000020400${n.toString(16).toUpperCase().padStart(6, '0')}`;
  const name = `Zelda Quintero ${n}`;
  const serial = `BADGE-${n}`;
  const worker = await makeThing(db, t.org.id, t.site.id, {
    class: 'worker',
    name,
    serial,
    tag,
  });
  expect((await postNative(app, t.dockReader, [{ tag, rssi: -50 }])).statusCode).toBe(200);
  expect((await postNative(app, t.storeReader, [{ tag, rssi: -50 }])).statusCode).toBe(200);
  // Someone looks at the worker's history, and an admin renames the worker: rows that name it.
  await t.viewer.request('GET', `/api/events?site=${t.site.id}&thing=${worker.id}`);
  return { t, tag, worker, name, serial };
}

/** Every text column of every public table, as (table, column) pairs. */
async function textColumns() {
  return rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'jsonb', 'ARRAY', 'character varying')`,
  );
}

async function tablesMentioning(terms: string[]) {
  const found: string[] = [];
  for (const c of await textColumns()) {
    for (const term of terms) {
      const [hit] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)}
            WHERE ${sql.identifier(c.column_name)}::text LIKE ${`%${term}%`}`,
      );
      if (hit?.n) found.push(`${c.table_name}.${c.column_name} (${term})`);
    }
  }
  return found;
}

describe('a worker’s data: access and erasure', () => {
  it('hands the worker’s data over as a zip, and records who asked', async () => {
    const { t, worker, name } = await trackedWorker();
    const res = await t.admin.request('GET', `/api/things/${worker.id}/personal-data`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    const text = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
    expect(names).toEqual(
      expect.arrayContaining(['thing.json', 'events.xlsx', 'stays.xlsx', 'exceptions.xlsx', 'audit.json']),
    );
    expect(JSON.parse(await text('thing.json'))).toMatchObject({ name });
    const audit = JSON.parse(await text('audit.json')) as AuditRow[];
    expect(audit.some((r) => r.action === 'read' && r.actor.id === t.viewer.userId)).toBe(true);
    const reads = (await t.admin.request('GET', `/api/audit?action=read&resourceId=${worker.id}`)).json();
    expect(reads.length).toBe(2);

    expect((await t.viewer.request('GET', `/api/things/${worker.id}/personal-data`)).statusCode).toBe(403);
    const other = await makeOrg(app, 'Other');
    const otherAdmin = await login(app, (await makeUser(app, other.id, { role: 'admin' })).username);
    expect((await otherAdmin.request('GET', `/api/things/${worker.id}/personal-data`)).statusCode).toBe(404);
  });

  it('erases the worker from every table, keeps that it happened, and the chain still verifies', async () => {
    const { t, tag, worker, name, serial } = await trackedWorker();
    // A webhook on saves: the save below queues a delivery naming the worker.
    const hook = await t.admin.request('POST', '/api/webhooks', {
      event: 'updated',
      targetUrl: 'https://hooks.example.com/sightline',
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await t.admin.request('PUT', `/api/things/${worker.id}`, {
      name: 'Zelda Quintero',
      class: 'worker',
      description: 'night shift',
    });
    const before = await tablesMentioning([name, serial, tag]);
    expect(before.length).toBeGreaterThan(3);
    const deliveries = async () =>
      (await tablesMentioning([worker.id])).filter((c) => c.startsWith('webhook_deliveries'));
    expect(await deliveries()).not.toEqual([]);

    expect((await t.manager.request('POST', `/api/things/${worker.id}/erase`)).statusCode).toBe(403);
    const res = await t.admin.request('POST', `/api/things/${worker.id}/erase`);
    expect(res.statusCode).toBe(200);
    const { erased } = res.json();
    expect(erased.events).toBeGreaterThan(0);
    expect(erased.auditRows).toBeGreaterThan(0);
    // The queued delivery is gone: the erased worker is never sent.
    expect(erased.webhookDeliveries).toBeGreaterThan(0);
    expect(await deliveries()).toEqual([]);

    expect(await tablesMentioning([name, serial, tag])).toEqual([]);
    expect((await t.admin.request('GET', `/api/things/${worker.id}`)).statusCode).toBe(404);
    const [row] = (await t.admin.request('GET', '/api/audit?action=erase')).json() as AuditRow[];
    expect(row).toMatchObject({ resource: 'things', resourceId: worker.id, actor: { id: t.admin.userId } });
    expect((await t.admin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
    expect((await t.admin.request('POST', `/api/things/${worker.id}/erase`)).statusCode).toBe(404);
  });

  it('is for a worker only (400 on an item), and rewrites only the audit rows about the worker', async () => {
    const { t, worker, name } = await trackedWorker();
    // An item saved under the worker's name: its audit row is about the item, not the person.
    const item = await t.admin.request('POST', '/api/things', { name, class: 'item', site: t.site.id });
    expect(item.statusCode, item.body).toBe(200);
    const itemId = (item.json() as { _id: string })._id;
    const itemRows = async () =>
      (await t.admin.request('GET', `/api/audit?resourceId=${itemId}`)).json() as AuditRow[];
    const before = await itemRows();
    expect(JSON.stringify(before)).toContain(name);

    expect((await anonymous(app).request('POST', `/api/things/${worker.id}/erase`)).statusCode).toBe(401);
    for (const [method, path] of [
      ['POST', `/api/things/${itemId}/erase`],
      ['GET', `/api/things/${itemId}/personal-data`],
    ] as const) {
      const refused = await t.admin.request(method, path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json()).toMatchObject({ message: PERSONAL_DATA_MSG.workersOnly });
    }
    expect((await t.admin.request('GET', `/api/things/${itemId}`)).statusCode).toBe(200);

    expect((await t.admin.request('POST', `/api/things/${worker.id}/erase`)).statusCode).toBe(200);
    expect(await itemRows()).toEqual(before);
    const about = (await t.admin.request('GET', `/api/audit?resourceId=${worker.id}`)).json() as AuditRow[];
    expect(JSON.stringify(about)).not.toContain(name);
    expect((await t.admin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });
});
