import { RETENTION_DEFAULTS, RETENTION_MSG } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import {
  anonymous,
  makeEndpoint,
  makePrivateApp,
  makeSuperAdmin,
  makeTenant,
  makeThing,
} from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import {
  endpointStatus,
  events,
  exceptions,
  webhookDeliveries,
  webhooks,
  zoneDurations,
} from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { createScheduler } from '../../platform/jobs.js';
import { retentionJob } from './job.js';
import { purgeOrganization } from './purge.js';
import { drainRemovals } from './removals.js';

// A database of its own: the storage figures are shares of whole tables, which other test files'
// rows would move between two reads.
const app = await makePrivateApp();
const { db } = app.ctx;
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

async function count(table: string, where: ReturnType<typeof sql>) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`,
  );
  return Number(row?.n);
}

describe('retention policy', () => {
  it('answers the defaults, and a Super Admin changes some classes, the rest kept', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const boss = await makeSuperAdmin(app, t.org.id);
    const first = await t.viewer.request('GET', '/api/retention');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(RETENTION_DEFAULTS);
    const saved = await boss.request('PUT', '/api/retention', { sightings: 3, events: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...RETENTION_DEFAULTS, sightings: 3, events: null });
    expect((await t.viewer.request('GET', '/api/retention')).json()).toEqual(saved.json());
    // Another organization's policy is untouched.
    expect((await other.admin.request('GET', '/api/retention')).json()).toEqual(RETENTION_DEFAULTS);
    // The whole record as GET answered it goes back unchanged.
    const again = await boss.request('PUT', '/api/retention', saved.json());
    expect(again.json()).toEqual(saved.json());
  });

  it('refuses bad bodies with a message naming the problem, storing nothing', async () => {
    const t = await makeTenant(app);
    const boss = await makeSuperAdmin(app, t.org.id);
    const bad: [unknown, string][] = [
      [{ sightings: 0 }, RETENTION_MSG.days],
      [{ sightings: 1.5 }, RETENTION_MSG.days],
      [{ sightings: '14' }, RETENTION_MSG.days],
      [{ events: -1 }, RETENTION_MSG.days],
      [{ events: 36501 }, RETENTION_MSG.days],
      [{ sightings: 5, photos: 3 }, 'body.photos: is not a field this request takes'],
      [[14], ''],
    ];
    for (const [body, message] of bad) {
      const res = await boss.request('PUT', '/api/retention', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await count('retention_policies', sql`org_id = ${t.org.id}`)).toBe(0);
  });

  it('is changed and run only with modify on organizations (403), and not without a session (401)', async () => {
    const t = await makeTenant(app);
    for (const client of [t.viewer, t.admin, t.manager]) {
      const put = await client.request('PUT', '/api/retention', { sightings: 2 });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(RETENTION_MSG.modifyOnly);
      expect((await client.request('POST', '/api/retention/run')).statusCode).toBe(403);
    }
    expect(await count('retention_policies', sql`org_id = ${t.org.id}`)).toBe(0);
    for (const [method, url] of [
      ['GET', '/api/retention'],
      ['PUT', '/api/retention'],
      ['POST', '/api/retention/run'],
      ['GET', '/api/storage'],
    ] as const)
      expect((await anonymous(app).request(method, url, method === 'PUT' ? {} : undefined)).statusCode).toBe(
        401,
      );
  });
});

describe('purge', () => {
  /** A tenant with a site, a reader, an item and a worker, and history at `now - days ± 1 min`. */
  async function history(now: number) {
    const t = await makeTenant(app);
    const reader = await makeEndpoint(db, t.org.id, t.site.id);
    const item = await makeThing(db, t.org.id, t.site.id);
    const worker = await makeThing(db, t.org.id, t.site.id, { class: 'worker' });
    const hook = newId();
    await db
      .insert(webhooks)
      .values({ id: hook, orgId: t.org.id, targetUrl: 'https://example.com/h', secret: 's' });
    /** Rows of every class just inside and just outside `days`. */
    async function around(days: number, thingId: string) {
      for (const time of [new Date(now - days * DAY - MINUTE), new Date(now - days * DAY + MINUTE)]) {
        const base = { orgId: t.org.id, siteId: t.site.id, thingId };
        await db
          .insert(events)
          .values({ ...base, tag: `T${thingId}`, time, firstTime: time, endpointId: reader.id });
        await db.insert(zoneDurations).values({
          ...base,
          zoneId: 'z',
          timeStart: new Date(time.getTime() - MINUTE),
          timeEnd: time,
          timeDurationNs: 60e9,
        });
        await db.insert(exceptions).values({ ...base, id: newId(), type: 'zoneTime', time });
      }
    }
    async function sightingsAround(days: number) {
      for (const time of [new Date(now - days * DAY - MINUTE), new Date(now - days * DAY + MINUTE)]) {
        await db.execute(
          sql`INSERT INTO sightings (endpoint_id, tag, antenna, time) VALUES (${reader.id}, 'AB', 1, ${time.toISOString()})`,
        );
        await db.insert(endpointStatus).values({ endpointId: reader.id, time });
        await db.insert(webhookDeliveries).values({
          webhookId: hook,
          payload: {},
          done: true,
          firstAttemptAt: time,
          nextAttemptAt: time,
        });
      }
    }
    return { t, reader, item, worker, hook, around, sightingsAround };
  }

  it('removes every class at its boundary, workers sooner than items, and answers the counts', async () => {
    const now = Date.now();
    const h = await history(now);
    const boss = await makeSuperAdmin(app, h.t.org.id);
    const policy = {
      sightings: 5,
      events: 40,
      zoneDurations: 40,
      exceptions: 40,
      endpointStatus: 5,
      webhookDeliveries: 5,
      workerHistory: 20,
    };
    expect((await boss.request('PUT', '/api/retention', policy)).statusCode).toBe(200);
    await h.around(40, h.item.id);
    await h.around(40, h.worker.id);
    await h.around(20, h.worker.id);
    await h.sightingsAround(5);
    const run = await boss.request('POST', '/api/retention/run');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({
      purged: {
        sightings: 1,
        // The item's and the worker's rows older than 40 days; then the worker's from 20 to 40 days.
        events: 2,
        zoneDurations: 2,
        exceptions: 2,
        endpointStatus: 1,
        webhookDeliveries: 1,
        mail: 0,
        audit: 0,
        workerHistory: 6,
      },
    });
    const org = sql`org_id = ${h.t.org.id}`;
    // Left: the item's row inside 40 days, the worker's inside 20 days.
    expect(await count('events', org)).toBe(2);
    expect(await count('zone_durations', org)).toBe(2);
    expect(await count('exceptions', org)).toBe(2);
    expect(
      await count(
        'events',
        sql`${org} AND thing_id = ${h.worker.id} AND time < ${new Date(now - 20 * DAY).toISOString()}::timestamptz`,
      ),
    ).toBe(0);
    expect(await count('sightings', sql`endpoint_id = ${h.reader.id}`)).toBe(1);
    expect(await count('endpoint_status', sql`endpoint_id = ${h.reader.id}`)).toBe(1);
    expect(await count('webhook_deliveries', sql`webhook_id = ${h.hook}`)).toBe(1);
    // A second run finds nothing more.
    const again = (await boss.request('POST', '/api/retention/run')).json();
    expect(Object.values(again.purged).every((n) => n === 0)).toBe(true);
  });

  it('keeps a class set to null, and another organization keeps its own history', async () => {
    const now = Date.now();
    const mine = await history(now);
    const theirs = await history(now);
    const boss = await makeSuperAdmin(app, mine.t.org.id);
    await boss.request('PUT', '/api/retention', { events: null, workerHistory: null, zoneDurations: 1 });
    await mine.around(500, mine.item.id);
    await theirs.around(500, theirs.item.id);
    const run = (await boss.request('POST', '/api/retention/run')).json();
    expect(run.purged.events).toBe(0);
    expect(run.purged.zoneDurations).toBe(2);
    expect(await count('events', sql`org_id = ${mine.t.org.id}`)).toBe(2);
    expect(await count('zone_durations', sql`org_id = ${mine.t.org.id}`)).toBe(0);
    expect(await count('events', sql`org_id = ${theirs.t.org.id}`)).toBe(2);
    expect(await count('zone_durations', sql`org_id = ${theirs.t.org.id}`)).toBe(2);
  });

  it('keeps a tag open event however old, and the stays rollup follows the stays', async () => {
    const now = Date.now();
    const h = await history(now);
    await h.around(500, h.item.id);
    const [open] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM events WHERE org_id = ${h.t.org.id} ORDER BY time LIMIT 1`,
    );
    await db.execute(
      sql`INSERT INTO tag_state (org_id, tag, event_id, endpoint_id, antenna, direction, last_time)
        VALUES (${h.t.org.id}, 'OPEN', ${open?.id}, ${h.reader.id}, 1, 'NEAR', now())`,
    );
    expect(await count('zone_time_quarters', sql`org_id = ${h.t.org.id}`)).toBeGreaterThan(0);
    const purged = await purgeOrganization(db, h.t.org.id, { ...RETENTION_DEFAULTS }, now);
    expect(purged.events).toBe(1);
    expect(await count('events', sql`id = ${open?.id}`)).toBe(1);
    expect(await count('zone_time_quarters', sql`org_id = ${h.t.org.id}`)).toBe(0);
  });

  it('cuts the audit trail at its policy; the chain still verifies and the cut is recorded', async () => {
    const s = await trackedSite(app);
    const boss = await makeSuperAdmin(app, s.org.id);
    expect((await boss.request('PUT', '/api/retention', { audit: 1 })).statusCode).toBe(200);
    expect(await count('audit_rows', sql`org_id = ${s.org.id}`)).toBeGreaterThan(0);
    const purged = await purgeOrganization(
      db,
      s.org.id,
      { ...RETENTION_DEFAULTS, audit: 1 },
      Date.now() + 2 * DAY,
    );
    expect(purged.audit).toBeGreaterThan(0);
    const left = await rows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_rows WHERE org_id = ${s.org.id}`,
    );
    expect(left.map((r) => r.action)).toEqual(['purge']);
    const verified = await boss.request('GET', '/api/audit/verify');
    expect(verified.json()).toEqual({ ok: true, rows: 1 });
  });

  it('accepts a late upload and removes it by its own time', async () => {
    const s = await trackedSite(app);
    const boss = await makeSuperAdmin(app, s.org.id);
    await boss.request('PUT', '/api/retention', { sightings: 2 });
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();
    const yesterday = new Date(Date.now() - DAY).toISOString();
    const res = await postNative(app, s.dockReader, [
      { tag: 'AB01', antenna: 1, time: threeDaysAgo },
      { tag: 'AB01', antenna: 1, time: yesterday },
    ]);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    const run = (await boss.request('POST', '/api/retention/run')).json();
    expect(run.purged.sightings).toBe(1);
    const left = await rows<{ time: Date | string }>(
      db,
      sql`SELECT time FROM sightings WHERE endpoint_id = ${s.dockReader.id}`,
    );
    expect(left.map((r) => new Date(r.time).toISOString())).toEqual([yesterday]);
  });

  it('runs once per hour across two instances, and a stopped run leaves the rest for the next', async () => {
    const now = Date.now();
    const h = await history(now);
    await h.around(500, h.item.id);
    const scope = { orgIds: [h.t.org.id] };
    const one = createScheduler(db, [retentionJob(app.ctx)]);
    const two = createScheduler(db, [retentionJob(app.ctx)]);
    const ran = await Promise.all([one.tick(now, scope), two.tick(now, scope)]);
    expect(ran.flat()).toEqual(['retention.purge']);
    expect(await count('events', sql`org_id = ${h.t.org.id}`)).toBe(0);
    expect((await two.tick(now + 30 * MINUTE, scope)).length).toBe(0);

    await h.around(500, h.item.id);
    const stopped = new AbortController();
    stopped.abort();
    await retentionJob(app.ctx).run(now, undefined, { ...scope, signal: stopped.signal });
    expect(await count('events', sql`org_id = ${h.t.org.id}`)).toBe(2);
    expect(await one.tick(now + 61 * MINUTE, scope)).toEqual(['retention.purge']);
    expect(await count('events', sql`org_id = ${h.t.org.id}`)).toBe(0);
  });
});

describe('GET /api/storage', () => {
  it('answers each class with its rows, bytes, oldest record and policy, and the photos', async () => {
    const now = Date.now();
    const t = await makeTenant(app);
    const reader = await makeEndpoint(db, t.org.id, t.site.id);
    const time = new Date(now - 3 * DAY);
    await db.insert(endpointStatus).values({ endpointId: reader.id, time });
    const res = await t.viewer.request('GET', '/api/storage');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const status = body.classes.find((c: { class: string }) => c.class === 'endpointStatus');
    expect(status).toMatchObject({ days: 30, oldest: time.toISOString() });
    expect(status.rows).toBeGreaterThan(0);
    expect(status.bytes).toBeGreaterThan(0);
    expect(body.classes.find((c: { class: string }) => c.class === 'events').oldest).toBeNull();
    expect(body.photos).toEqual({ count: 0, bytes: 0 });
    expect(Date.parse(body.nextPurge)).toBeGreaterThan(0);
    expect(await count('retention_policies', sql`org_id = ${t.org.id}`)).toBe(0);
  });

  it("counts the organization's own rows exactly and estimates its bytes as its share of each table", async () => {
    const now = Date.now();
    const mine = await makeTenant(app);
    const other = await makeTenant(app);
    const reader = await makeEndpoint(db, mine.org.id, mine.site.id);
    const theirs = await makeEndpoint(db, other.org.id, other.site.id);
    const sightingsOf = (endpointId: string, n: number) =>
      db.execute(sql`INSERT INTO sightings (endpoint_id, tag, antenna, time)
        SELECT ${endpointId}, 'AB', 1, ${new Date(now).toISOString()}::timestamptz - g * interval '1 second'
        FROM generate_series(1, ${n}) g`);
    await sightingsOf(reader.id, 300);
    await sightingsOf(theirs.id, 900);
    const report = async (t: typeof mine) => {
      const res = await t.viewer.request('GET', '/api/storage');
      expect(res.statusCode).toBe(200);
      const classes: { class: string; rows: number; bytes: number; shared: boolean }[] = res.json().classes;
      return Object.fromEntries(classes.map((c) => [c.class, c]));
    };
    const [a, b] = [await report(mine), await report(other)];
    expect(a.sightings).toMatchObject({ rows: 300, shared: false });
    expect(b.sightings).toMatchObject({ rows: 900, shared: false });
    expect(a.events).toMatchObject({ rows: 0, bytes: 0 });
    // The same table, a third of the rows: about a third of the bytes (other tests' rows share it too).
    expect(a.sightings?.bytes).toBeGreaterThan(0);
    expect(Math.abs((b.sightings?.bytes ?? 0) / (a.sightings?.bytes ?? 1) - 3)).toBeLessThan(0.05);
    // Queued mail names no organization: the instance's, and said so.
    expect(a.mail?.shared).toBe(true);
  });
});

describe('deleting an endpoint with a large history', () => {
  it('hides it at once and removes its rows in bounded batches in the background', async () => {
    const t = await makeTenant(app);
    const reader = await makeEndpoint(db, t.org.id, t.site.id);
    await db.execute(
      sql`INSERT INTO sightings (endpoint_id, tag, antenna, time)
        SELECT ${reader.id}, 'AB', 1, now() - g * interval '1 second' FROM generate_series(1, 5000) g`,
    );
    await db.execute(
      sql`INSERT INTO endpoint_status (endpoint_id, time)
        SELECT ${reader.id}, now() - g * interval '1 minute' FROM generate_series(1, 300) g`,
    );
    const res = await t.admin.request('DELETE', `/api/endpoints/${reader.id}`);
    expect(res.statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/endpoints/${reader.id}`)).statusCode).toBe(404);
    expect(await count('sightings', sql`endpoint_id = ${reader.id}`)).toBe(5000);

    const removed = await drainRemovals(db, { orgId: t.org.id, batch: 1000 });
    expect(removed).toBe(5300);
    expect(await count('sightings', sql`endpoint_id = ${reader.id}`)).toBe(0);
    expect(await count('endpoint_status', sql`endpoint_id = ${reader.id}`)).toBe(0);
    expect(await count('retention_removals', sql`org_id = ${t.org.id}`)).toBe(0);
  });

  it('stops between batches at shutdown and finishes at the next run', async () => {
    const t = await makeTenant(app);
    const reader = await makeEndpoint(db, t.org.id, t.site.id);
    await db.execute(
      sql`INSERT INTO sightings (endpoint_id, tag, antenna, time)
        SELECT ${reader.id}, 'AB', 1, now() - g * interval '1 second' FROM generate_series(1, 3000) g`,
    );
    await t.admin.request('DELETE', `/api/endpoints/${reader.id}`);
    const stop = new AbortController();
    stop.abort();
    expect(await drainRemovals(db, { orgId: t.org.id, batch: 1000, signal: stop.signal })).toBe(1000);
    expect(await count('retention_removals', sql`org_id = ${t.org.id}`)).toBe(1);
    await retentionJob(app.ctx).run(Date.now(), undefined, { orgIds: [t.org.id] });
    expect(await count('sightings', sql`endpoint_id = ${reader.id}`)).toBe(0);
    expect(await count('retention_removals', sql`org_id = ${t.org.id}`)).toBe(0);
  });
});
