import { NO_THING_ID } from '@sightline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, sighting as sightingAt, thingRow } from '../../../test/factories/store.factory.js';
import {
  gate,
  makeApp,
  makeEndpoint,
  makeLocationTag,
  makeOrg,
  makeSite,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { endpoints, events, exceptions, tagState, thingTags, zoneDurations } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import type { LiveMessage } from '../../platform/live.js';
import type { Mail, Mailer } from '../../platform/mail.js';
import { blankThing, emptyOutput } from '../engine/index.js';
import type { NormalizedSighting } from '../formats/index.js';
import {
  createTrackingStore,
  ingestSightings,
  inOrgTransaction,
  insertSightings,
  moveByHand,
  StaleStateError,
  type TrackingStore,
  writeThings,
} from './index.js';

const app = await makeApp();
const { db, live } = app.ctx;
/** One store per mailer (batches group only within one store), with the app's hooks. */
const stores = new Map<Mailer | undefined, TrackingStore>();
const storeWith = (mailer?: Mailer): TrackingStore => {
  const found =
    stores.get(mailer) ?? createTrackingStore({ db, live, mailer, hooks: app.ctx.tracking.hooks });
  stores.set(mailer, found);
  return found;
};
const MINUTE_NS = 60_000_000_000;

const sighting = (tag: string, iso: string, extra: Partial<NormalizedSighting> = {}) =>
  sightingAt(tag, at(iso), extra);

async function world() {
  const org = await makeOrg(app);
  const site = await makeSite(app, org.id);
  const dockReader = await makeEndpoint(db, org.id, site.id);
  const storeReader = await makeEndpoint(db, org.id, site.id);
  const dock = (
    await makeZone(db, org.id, site.id, {
      name: 'Dock',
      gates: [gate(dockReader.id)],
      durationNs: 5 * MINUTE_NS,
      emails: ['ops@example.com'],
    })
  ).id;
  const store = (await makeZone(db, org.id, site.id, { name: 'Store', gates: [gate(storeReader.id)] })).id;
  const ingest = (
    endpoint: typeof dockReader,
    batch: NormalizedSighting[],
    now = at('2024-05-01T12:00:00Z'),
    mailer?: Mailer,
  ) => ingestSightings(storeWith(mailer), endpoint, batch, now, { awaitPublish: true });
  return { org, site, dockReader, storeReader, dock, store, ingest };
}

describe('tracking store', () => {
  it('moves a thing through gates, compacts events and closes the stay as a zone duration', async () => {
    const w = await world();
    const pallet = (await makeThing(db, w.org.id, w.site.id, { tag: 'E2801160AA01' })).id;
    const first = await w.ingest(w.dockReader, [
      sighting('E2801160AA01', '2024-05-01T10:00:00Z', { data: { cFloat0: 21.5 } }),
      sighting('E2801160AA01', '2024-05-01T10:00:20Z'),
      sighting('E2801160AA01', '2024-05-01T10:00:40Z'),
    ]);
    expect(first).toMatchObject({ accepted: 3, duplicates: 0 });
    let row = await thingRow(db, pallet);
    expect(row).toMatchObject({
      zoneId: w.dock,
      endpointId: w.dockReader.id,
      direction: 'NEAR',
      data: { cFloat0: 21.5 },
    });
    expect(row.lastZoneTime?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(row.lastEndpointTime?.toISOString()).toBe('2024-05-01T10:00:40.000Z');

    // a later batch merges into the stored open event (repeat_count + n)
    await w.ingest(w.dockReader, [sighting('E2801160AA01', '2024-05-01T10:01:10Z')]);
    let stored = await db
      .select()
      .from(events)
      .where(and(eq(events.orgId, w.org.id), eq(events.tag, 'E2801160AA01')));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ repeatCount: 3, thingId: pallet, zoneId: w.dock, siteId: w.site.id });
    expect(stored[0]?.firstTime.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(stored[0]?.time.toISOString()).toBe('2024-05-01T10:01:10.000Z');

    await w.ingest(w.storeReader, [sighting('E2801160AA01', '2024-05-01T10:20:00Z')]);
    row = await thingRow(db, pallet);
    expect(row.zoneId).toBe(w.store);
    expect(row.lastZoneTime?.toISOString()).toBe('2024-05-01T10:20:00.000Z');
    stored = await db
      .select()
      .from(events)
      .where(and(eq(events.orgId, w.org.id), eq(events.tag, 'E2801160AA01')));
    expect(stored).toHaveLength(2);
    const [stay] = await db.select().from(zoneDurations).where(eq(zoneDurations.thingId, pallet));
    expect(stay).toMatchObject({ zoneId: w.dock, timeDurationNs: 20 * MINUTE_NS, siteId: w.site.id });
    const [state] = await db
      .select()
      .from(tagState)
      .where(and(eq(tagState.orgId, w.org.id), eq(tagState.tag, 'E2801160AA01')));
    expect(state?.endpointId).toBe(w.storeReader.id);
    expect(state?.eventId).toBe(stored.find((e) => e.zoneId === w.store)?.id);
  });

  it('records unknown tags against the no-thing id, and a retried batch changes nothing', async () => {
    const w = await world();
    const batch = [
      sighting('ABCDEF01', '2024-05-01T10:00:00Z'),
      sighting('ABCDEF01', '2024-05-01T10:00:01Z'),
    ];
    expect(await w.ingest(w.dockReader, batch)).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(await w.ingest(w.dockReader, batch)).toMatchObject({ accepted: 0, duplicates: 2 });
    const stored = await db
      .select()
      .from(events)
      .where(and(eq(events.orgId, w.org.id), eq(events.tag, 'ABCDEF01')));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ thingId: NO_THING_ID, repeatCount: 1 });
  });

  it('auto-enrolls unknown tags as items when the endpoint says so', async () => {
    const w = await world();
    const reader = await makeEndpoint(db, w.org.id, w.site.id, { autoEnroll: true });
    const zone = (await makeZone(db, w.org.id, w.site.id, { name: 'Intake', gates: [gate(reader.id)] })).id;
    await w.ingest(reader, [sighting('00AA11BB', '2024-05-01T10:00:00Z')]);
    const [tagRow] = await db
      .select()
      .from(thingTags)
      .where(and(eq(thingTags.orgId, w.org.id), eq(thingTags.tag, '00AA11BB')));
    expect(tagRow).toBeDefined();
    const row = await thingRow(db, tagRow?.thingId ?? '');
    expect(row).toMatchObject({
      name: '00AA11BB',
      class: 'item',
      tag1: '00AA11BB',
      zoneId: zone,
      siteId: w.site.id,
    });
    const [event] = await db.select().from(events).where(eq(events.thingId, row.id));
    expect(event?.zoneId).toBe(zone);
  });

  it('locates a handheld by a location tag, and places things in that zone', async () => {
    const w = await world();
    const handheld = await makeEndpoint(db, w.org.id, w.site.id);
    const aisle = (await makeZone(db, w.org.id, w.site.id, { name: 'Aisle 4' })).id;
    const spot = (await makeLocationTag(db, w.org.id, w.site.id, { tag: 'C0FFEE', zoneId: aisle })).id;
    const box = (await makeThing(db, w.org.id, w.site.id, { tag: 'B0B0' })).id;
    await w.ingest(handheld, [
      sighting('C0FFEE', '2024-05-01T10:00:00Z'),
      sighting('B0B0', '2024-05-01T10:00:02Z'),
    ]);
    const [reader] = await db.select().from(endpoints).where(eq(endpoints.id, handheld.id));
    expect(reader?.locationTagId).toBe(spot);
    expect(reader?.lastHeartbeat?.getTime()).toBe(at('2024-05-01T12:00:00Z'));
    expect(await thingRow(db, box)).toMatchObject({ zoneId: aisle, locationTagId: spot });
  });

  it('raises a zone time exception once per stay, mails it and publishes it', async () => {
    const w = await world();
    const cart = (await makeThing(db, w.org.id, w.site.id, { tag: 'CA57' })).id;
    const mails: Mail[] = [];
    const mailer: Mailer = { send: async (m) => void mails.push(m) };
    const seen: LiveMessage[] = [];
    const stop = live.subscribe((m) => m.orgId === w.org.id && seen.push(m));
    await w.ingest(w.dockReader, [sighting('CA57', '2024-05-01T10:00:00Z')], undefined, mailer);
    await w.ingest(w.storeReader, [sighting('CA57', '2024-05-01T10:07:00Z')], undefined, mailer);
    // On PostgreSQL the messages come back through LISTEN/NOTIFY, a moment after COMMIT.
    await expect.poll(() => seen.some((m) => m.type === 'exception')).toBe(true);
    stop();
    const raised = await db.select().from(exceptions).where(eq(exceptions.thingId, cart));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'zoneTimeException',
      zoneId: w.dock,
      timeDurationNs: 5 * MINUTE_NS,
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['ops@example.com']);
    expect(mails[0]?.text).toContain('was in Dock for longer than the allowed 5 minute(s)');
    expect(seen.map((m) => m.type)).toEqual(
      expect.arrayContaining(['event', 'zoneChange', 'thing', 'exception']),
    );
    const change = seen.find((m) => m.type === 'zoneChange' && (m.data as { to: string }).to === w.store);
    expect(change?.data).toMatchObject({ thing: cart, from: w.dock, fromName: 'Dock', toName: 'Store' });
  });

  it('moves a thing by hand through the same path; unknown tags write nothing', async () => {
    const w = await world();
    const crate = (await makeThing(db, w.org.id, w.site.id, { tag: 'C7A7E' })).id;
    await w.ingest(w.dockReader, [sighting('C7A7E', '2024-05-01T10:00:00Z')]);
    const now = at('2024-05-01T10:30:00Z');
    const move = { orgId: w.org.id, tag: 'C7A7E', zoneId: w.store, siteId: w.site.id };
    const event = await moveByHand(storeWith(), move, now, { awaitPublish: true });
    expect(event).toMatchObject({
      tag: 'C7A7E',
      thing: crate,
      zone: w.store,
      zoneName: 'Store',
      endpoint: null,
      matched: true,
    });
    expect(await thingRow(db, crate)).toMatchObject({ zoneId: w.store, endpointId: null });
    const open = await db
      .select()
      .from(tagState)
      .where(and(eq(tagState.orgId, w.org.id), eq(tagState.tag, 'C7A7E')));
    expect(open).toEqual([]);
    expect(await moveByHand(storeWith(), { ...move, tag: 'FFFF' }, now)).toBeUndefined();
  });

  it('soft-deletes a thing entering an immediate-kill delete zone and frees its tag', async () => {
    const w = await world();
    const shipper = await makeEndpoint(db, w.org.id, w.site.id);
    (
      await makeZone(db, w.org.id, w.site.id, {
        name: 'Shipped',
        gates: [gate(shipper.id)],
        immediateKill: true,
        killMode: 'deleteThing',
      })
    ).id;
    const parcel = (await makeThing(db, w.org.id, w.site.id, { tag: 'BA5E' })).id;
    await w.ingest(shipper, [sighting('BA5E', '2024-05-01T10:00:00Z')]);
    const row = await thingRow(db, parcel);
    expect(row.deletedAt).not.toBeNull();
    expect(row.zoneId).toBeNull();
    expect(await db.select().from(thingTags).where(eq(thingTags.thingId, parcel))).toEqual([]);
  });

  it('retries a batch whose enrolled tag was claimed meanwhile, on fresh state', async () => {
    const w = await world();
    const enroller = await makeEndpoint(db, w.org.id, w.site.id, { autoEnroll: true });
    const output = {
      ...emptyOutput(),
      newThings: [{ id: newId(), name: 'AB77', class: 'item' as const, siteId: w.site.id, tag: 'AB77' }],
    };
    output.things = [{ ...blankThing(output.newThings[0]?.id ?? '', w.site.id) }];
    const claimed = (await makeThing(db, w.org.id, w.site.id, { tag: 'AB77' })).id;
    await expect(
      db.transaction((tx) => writeThings(tx, w.org.id, output, new Date().toISOString())),
    ).rejects.toBeInstanceOf(StaleStateError);
    let attempts = 0;
    const result = await inOrgTransaction(storeWith(), {
      orgId: w.org.id,
      now: Date.now(),
      work: async (tx) => {
        attempts++;
        if (attempts === 1) throw new StaleStateError('test');
        return {
          committed: undefined,
          accepted: (await insertSightings(tx, enroller.id, [sighting('AB77', '2024-05-01T10:00:00Z')]))
            .length,
        };
      },
    });
    expect({ attempts, accepted: result.accepted }).toEqual({ attempts: 2, accepted: 1 });
    expect(
      await db
        .select()
        .from(thingTags)
        .where(and(eq(thingTags.orgId, w.org.id), eq(thingTags.tag, 'AB77'))),
    ).toEqual([{ orgId: w.org.id, tag: 'AB77', thingId: claimed }]);
  });
});
