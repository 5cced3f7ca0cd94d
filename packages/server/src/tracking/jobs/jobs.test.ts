/**
 * The scheduled tracking jobs (zone time exceptions, kill, kit inventory) through the app's
 * scheduler, with an injected clock: each test ticks `app.jobs.tick(now, { orgIds })` for its own
 * organization, after real sightings were ingested over HTTP with times in the past.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDateTimeIn } from '@sightline/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_NS, postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { mailsTo, makeMailApp, waitForMails } from '../../../test/factories/outbox.factory.js';
import { thingRow } from '../../../test/factories/store.factory.js';
import { gate, makeApp, makeEndpoint, makeThing, makeZone } from '../../../test/factories.js';
import { exceptions, sites, things, thingTags, zoneDurations } from '../../db/schema.js';
import { PRUNE_LOGIN_FAILURES_JOB } from '../../features/auth/jobs.js';
import { DAILY_REPORTS_JOB } from '../../features/reports/daily.js';
import { EVENT_DAYS_JOB } from '../../features/reports/event-days.js';
import { RETENTION_JOB } from '../../features/retention/job.js';
import type { App } from '../../platform/context.js';
import type { LiveMessage } from '../../platform/live.js';
import { INVENTORY_SETTLE_MS } from '../engine/index.js';
import { TRACKING_JOBS } from './index.js';

const { app, outbox } = await makeMailApp();
const { db } = app.ctx;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

let tagCounter = 0;
const nextTag = () => `E28011700000${String(++tagCounter).padStart(12, '0')}`;

/** A tenant with a Dock whose alert time is 10 minutes (mailed to `alerts`) and a thing in it since `since`. */
async function overrunWorld(target: App, since: number) {
  const s = await trackedSite(target);
  const alerts = `dock-${s.org.id}@example.com`;
  const reader = await makeEndpoint(target.ctx.db, s.org.id, s.site.id, { name: 'Cold room reader' });
  const coldRoom = (
    await makeZone(target.ctx.db, s.org.id, s.site.id, {
      name: 'Cold Room',
      gates: [gate(reader.id)],
      durationNs: 10 * MINUTE_NS,
      emails: [alerts],
    })
  ).id;
  const tag = nextTag();
  const crate = (await makeThing(target.ctx.db, s.org.id, s.site.id, { tag, name: `Crate ${tag.slice(-4)}` }))
    .id;
  const res = await postNative(target, reader, [{ tag, antenna: 1, time: iso(since) }]);
  expect(res.statusCode).toBe(200);
  return { ...s, reader, coldRoom, crate, tag, alerts, scope: { orgIds: [s.org.id] } };
}

/** The decoded bodies of the outbox mails to `address` (the whole body, blank lines included). */
async function mailBodies(address: string): Promise<string[]> {
  const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
  const bodies: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    const split = raw.search(/\r?\n\r?\n/);
    if (!raw.slice(0, split).includes(address)) continue;
    bodies.push(
      raw
        .slice(split)
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
        .trim(),
    );
  }
  return bodies;
}

const exceptionsOf = (orgId: string) =>
  db.select().from(exceptions).where(eq(exceptions.orgId, orgId)).orderBy(exceptions.time);

describe('zone time exceptions without a new sighting', () => {
  it('raises one exception per stay after the alert time, publishes it and mails the zone', async () => {
    const now = Date.now();
    const entered = now - 11 * MINUTE;
    const w = await overrunWorld(app, entered);
    await db.update(sites).set({ timezone: 'America/Chicago' }).where(eq(sites.id, w.site.id));
    const published: LiveMessage[] = [];
    const unsubscribe = app.ctx.live.subscribe((m) => {
      if (m.orgId === w.org.id) published.push(m);
    });
    try {
      // Before the alert time: nothing.
      await app.jobs.tick(entered + 9 * MINUTE, w.scope);
      expect(await exceptionsOf(w.org.id)).toEqual([]);

      const ran = await app.jobs.tick(now, w.scope);
      expect(ran).toContain(TRACKING_JOBS.zoneTime);
      const raised = await exceptionsOf(w.org.id);
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({
        type: 'zoneTimeException',
        thingId: w.crate,
        zoneId: w.coldRoom,
        siteId: w.site.id,
        timeDurationNs: 10 * MINUTE_NS,
      });
      expect(raised[0]?.stayStart?.getTime()).toBe(entered);
      expect(raised[0]?.time.getTime()).toBe(entered + 10 * MINUTE);

      const mails = await waitForMails(outbox, w.alerts, 1);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Zone time alert: Crate ${w.tag.slice(-4)} in Cold Room`);
      const [body] = await mailBodies(w.alerts);
      expect(body).toContain(
        `Crate ${w.tag.slice(-4)} was in Cold Room for longer than the allowed 10 minute(s)`,
      );
      expect(body).toContain(`/exceptions/${raised[0]?.id}?site=${w.site.id}`);
      // Since when, on the site's clock (Chicago here) in the console's form, never ISO.
      expect(body).toContain(`(since ${formatDateTimeIn(entered, 'America/Chicago')}, America/Chicago)`);
      expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

      const live = published.filter((m) => m.type === 'exception');
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({
        siteId: w.site.id,
        data: { _id: raised[0]?.id, type: 'zoneTimeException', thing: w.crate, zoneName: 'Cold Room' },
      });

      // Later ticks of the same stay raise nothing more.
      await app.jobs.tick(now + 10_000, w.scope);
      await app.jobs.tick(now + 30 * MINUTE, w.scope);
      expect(await exceptionsOf(w.org.id)).toHaveLength(1);
      expect(await mailsTo(outbox, w.alerts)).toHaveLength(1);
      expect(published.filter((m) => m.type === 'exception')).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it('a new stay in the same zone gets its own exception; the closed overrun stay keeps its one', async () => {
    const now = Date.now();
    const w = await overrunWorld(app, now - 40 * MINUTE);
    await app.jobs.tick(now - 25 * MINUTE, w.scope);
    expect(await exceptionsOf(w.org.id)).toHaveLength(1);
    // Out to the store and back into the cold room: a new stay that overruns again.
    await postNative(app, w.storeReader, [{ tag: w.tag, antenna: 1, time: iso(now - 20 * MINUTE) }]);
    await postNative(app, w.reader, [{ tag: w.tag, antenna: 1, time: iso(now - 15 * MINUTE) }]);
    await app.jobs.tick(now, w.scope);
    const raised = await exceptionsOf(w.org.id);
    expect(raised.map((e) => e.stayStart?.getTime())).toEqual([now - 40 * MINUTE, now - 15 * MINUTE]);
    expect(await mailsTo(outbox, w.alerts)).toHaveLength(2);
  });

  it('a zone without an alert time and a deleted thing raise nothing', async () => {
    const now = Date.now();
    const w = await overrunWorld(app, now - 11 * MINUTE);
    const tag = nextTag();
    (await makeThing(db, w.org.id, w.site.id, { tag })).id;
    await postNative(app, w.dockReader, [{ tag, antenna: 1, time: iso(now - 5 * HOUR) }]);
    await db
      .update(things)
      .set({ deletedAt: new Date(now) })
      .where(eq(things.id, w.crate));
    await app.jobs.tick(now, w.scope);
    expect(await exceptionsOf(w.org.id)).toEqual([]);
  });
});

describe('kill after killDuration hours unseen', () => {
  async function killWorld(killMode: 'clearZone' | 'deleteThing') {
    const s = await trackedSite(app);
    const reader = await makeEndpoint(db, s.org.id, s.site.id);
    const lot = (
      await makeZone(db, s.org.id, s.site.id, {
        name: 'Lot',
        gates: [gate(reader.id)],
        killDuration: 2,
        killMode,
      })
    ).id;
    const tag = nextTag();
    const id = (await makeThing(db, s.org.id, s.site.id, { tag })).id;
    return { ...s, reader, lot, tag, id, scope: { orgIds: [s.org.id] } };
  }

  it('clearZone: takes the thing out, its stay closed at the last sighting', async () => {
    const now = Date.now();
    const w = await killWorld('clearZone');
    const entered = now - 3 * HOUR;
    const lastSeen = now - 2 * HOUR - MINUTE;
    await postNative(app, w.reader, [
      { tag: w.tag, antenna: 1, time: iso(entered) },
      { tag: w.tag, antenna: 1, time: iso(lastSeen) },
    ]);
    await app.jobs.tick(lastSeen + 2 * HOUR - 1000, w.scope);
    expect((await thingRow(db, w.id)).zoneId).toBe(w.lot);

    const ran = await app.jobs.tick(now, w.scope);
    expect(ran).toContain(TRACKING_JOBS.kill);
    const row = await thingRow(db, w.id);
    expect(row).toMatchObject({ zoneId: null, deletedAt: null, mapId: null });
    expect(row.lastZoneTime?.getTime()).toBe(lastSeen);
    const stays = await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.id));
    expect(stays.map((d) => [d.zoneId, d.timeStart.getTime(), d.timeEnd.getTime()])).toEqual([
      [w.lot, entered, lastSeen],
    ]);
    // Nothing more to do on the next run.
    await app.jobs.tick(now + 2 * MINUTE, w.scope);
    expect(await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.id))).toHaveLength(1);
  });

  it('deleteThing: soft-deletes the thing (history kept, tag freed)', async () => {
    const now = Date.now();
    const w = await killWorld('deleteThing');
    await postNative(app, w.reader, [{ tag: w.tag, antenna: 1, time: iso(now - 5 * HOUR) }]);
    await app.jobs.tick(now, w.scope);
    const row = await thingRow(db, w.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.zoneId).toBeNull();
    expect(await db.select().from(thingTags).where(eq(thingTags.thingId, w.id))).toEqual([]);
    expect(await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, w.id))).toHaveLength(1);
  });

  it('a thing seen recently, or in a zone without killDuration, stays', async () => {
    const now = Date.now();
    const w = await killWorld('clearZone');
    await postNative(app, w.reader, [{ tag: w.tag, antenna: 1, time: iso(now - HOUR) }]);
    const tag = nextTag();
    const other = (await makeThing(db, w.org.id, w.site.id, { tag })).id;
    await postNative(app, w.dockReader, [{ tag, antenna: 1, time: iso(now - 100 * HOUR) }]);
    await app.jobs.tick(now, w.scope);
    expect((await thingRow(db, w.id)).zoneId).toBe(w.lot);
    expect((await thingRow(db, other)).zoneId).toBe(w.dock);
  });
});

describe('kit inventory once the parent has settled', () => {
  async function kitWorld() {
    const s = await trackedSite(app);
    const tag = () => nextTag();
    const kitTag = tag();
    const kit = (await makeThing(db, s.org.id, s.site.id, { tag: kitTag, name: 'Kit' })).id;
    const child = async (name: string, parents = [kit]) => {
      const t = tag();
      return { tag: t, id: (await makeThing(db, s.org.id, s.site.id, { tag: t, name, parents })).id };
    };
    return { ...s, kit, kitTag, child, scope: { orgIds: [s.org.id] } };
  }

  it('raises one shortage listing the missing children and one overage for a stray kit member', async () => {
    const now = Date.now();
    const w = await kitWorld();
    const c1 = await w.child('Drill');
    const c2 = await w.child('Meter');
    const c3 = await w.child('Laptop');
    const otherKitTag = nextTag();
    const otherKit = (await makeThing(db, w.org.id, w.site.id, { tag: otherKitTag, name: 'Other kit' })).id;
    const stray = await w.child('Stray', [otherKit]);
    const arrived = now - INVENTORY_SETTLE_MS - 3000;
    await postNative(app, w.dockReader, [
      { tag: w.kitTag, antenna: 1, time: iso(arrived) },
      { tag: c1.tag, antenna: 1, time: iso(arrived + 1000) },
      { tag: stray.tag, antenna: 1, time: iso(arrived + 2000) },
    ]);
    await postNative(app, w.storeReader, [
      { tag: c2.tag, antenna: 1, time: iso(arrived + 1000) },
      { tag: otherKitTag, antenna: 1, time: iso(arrived - 60_000) },
    ]);
    // c3 was never seen (off site).

    // Not settled yet: nothing.
    await app.jobs.tick(arrived + INVENTORY_SETTLE_MS - 12_000, w.scope);
    expect(await exceptionsOf(w.org.id)).toEqual([]);

    const ran = await app.jobs.tick(now, w.scope);
    expect(ran).toContain(TRACKING_JOBS.inventory);
    const raised = await exceptionsOf(w.org.id);
    expect(raised.map((e) => [e.type, e.thingId, e.zoneId, [...e.multipleThings].sort()])).toEqual(
      expect.arrayContaining([
        ['inventoryThingsMissing', w.kit, w.dock, [c2.id, c3.id].sort()],
        ['inventoryThingsUnexpected', w.kit, w.dock, [stray.id]],
      ]),
    );
    expect(raised).toHaveLength(2);
    expect(raised.every((e) => e.time.getTime() === arrived + INVENTORY_SETTLE_MS)).toBe(true);

    // Checked once per stay: later runs add nothing.
    await app.jobs.tick(now + 15_000, w.scope);
    await app.jobs.tick(now + 30_000, w.scope);
    expect(await exceptionsOf(w.org.id)).toHaveLength(2);
  });

  it('a single child seen in another zone is reported in the wrong zone', async () => {
    const now = Date.now();
    const w = await kitWorld();
    const c1 = await w.child('Drill');
    const c2 = await w.child('Meter');
    const arrived = now - INVENTORY_SETTLE_MS - 2000;
    await postNative(app, w.dockReader, [
      { tag: w.kitTag, antenna: 1, time: iso(arrived) },
      { tag: c1.tag, antenna: 1, time: iso(arrived) },
    ]);
    await postNative(app, w.storeReader, [{ tag: c2.tag, antenna: 1, time: iso(arrived) }]);
    await app.jobs.tick(now, w.scope);
    const raised = await exceptionsOf(w.org.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'inventoryThingsUnexpected',
      thingId: c2.id,
      zoneId: w.store,
      expectedZoneId: w.dock,
      multipleThings: [c2.id],
    });
  });

  it('a complete kit raises nothing', async () => {
    const now = Date.now();
    const w = await kitWorld();
    const c1 = await w.child('Drill');
    const arrived = now - INVENTORY_SETTLE_MS - 2000;
    await postNative(app, w.dockReader, [
      { tag: w.kitTag, antenna: 1, time: iso(arrived) },
      { tag: c1.tag, antenna: 1, time: iso(arrived + 500) },
    ]);
    await app.jobs.tick(now, w.scope);
    expect(await exceptionsOf(w.org.id)).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('runs a job once per interval and skips a tick that comes too soon', async () => {
    const now = Date.now();
    const scope = { orgIds: [`scope-${now}`] };
    expect(await app.jobs.tick(now, scope)).toEqual([
      TRACKING_JOBS.zoneTime,
      TRACKING_JOBS.kill,
      TRACKING_JOBS.inventory,
      DAILY_REPORTS_JOB,
      PRUNE_LOGIN_FAILURES_JOB,
      EVENT_DAYS_JOB,
      RETENTION_JOB,
      'alerts.conditions',
      'alerts.escalation',
    ]);
    expect(await app.jobs.tick(now + 1000, scope)).toEqual([]);
    expect(await app.jobs.tick(now + 5000, scope)).toEqual([TRACKING_JOBS.zoneTime]);
    expect(await app.jobs.tick(now + 10_000, scope)).toEqual([
      TRACKING_JOBS.zoneTime,
      TRACKING_JOBS.inventory,
    ]);
    expect(await app.jobs.tick(now + 60_000, scope)).toEqual([
      TRACKING_JOBS.zoneTime,
      TRACKING_JOBS.kill,
      TRACKING_JOBS.inventory,
      DAILY_REPORTS_JOB,
      EVENT_DAYS_JOB,
      'alerts.conditions',
      'alerts.escalation',
    ]);
  });
});

// The timer scans every organization of the database; on the shared PostgreSQL test database that
// would reach other test files' organizations, so it is exercised on PGlite only.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the automatic timer', () => {
  let timed: App;
  beforeAll(async () => {
    timed = await makeApp({ jobs: true, mailDir: outbox });
    await timed.ready();
  });

  it('raises a zone time exception within 15 s, with no tick called and no new sighting', async () => {
    const w = await overrunWorld(timed, Date.now() - 11 * MINUTE);
    const started = Date.now();
    let found: unknown[] = [];
    while (Date.now() - started < 15_000 && !found.length) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      found = await timed.ctx.db
        .select()
        .from(exceptions)
        .where(and(eq(exceptions.orgId, w.org.id), isNotNull(exceptions.stayStart)));
    }
    expect(found).toHaveLength(1);
    expect(await waitForMails(outbox, w.alerts, 1)).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let other: App;
  beforeAll(async () => {
    other = await makeApp({ mailDir: outbox });
  });

  it('ticking together raise one exception and send one mail, not two', async () => {
    const now = Date.now();
    const w = await overrunWorld(app, now - 11 * MINUTE);
    const [a, b] = await Promise.all([app.jobs.tick(now, w.scope), other.jobs.tick(now, w.scope)]);
    expect([...a, ...b].filter((name) => name === TRACKING_JOBS.zoneTime)).toHaveLength(1);
    expect(await exceptionsOf(w.org.id)).toHaveLength(1);
    expect(await waitForMails(outbox, w.alerts, 1)).toHaveLength(1);
    // Both keep ticking: still one.
    await Promise.all([app.jobs.tick(now + 5000, w.scope), other.jobs.tick(now + 5000, w.scope)]);
    await Promise.all([app.jobs.tick(now + 10_000, w.scope), other.jobs.tick(now + 10_000, w.scope)]);
    expect(await exceptionsOf(w.org.id)).toHaveLength(1);
    expect(await mailsTo(outbox, w.alerts)).toHaveLength(1);
  });
});
