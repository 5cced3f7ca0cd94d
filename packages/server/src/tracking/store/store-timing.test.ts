/**
 * How long the DB layer takes for a 500-sighting batch (100 tags, half of them known things),
 * logged for docs/benchmarks: `processSightings` alone (sightings already stored; one transaction:
 * lock, load, engine, writes) and `ingestSightings` (insert + process), live publishing not awaited.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  gate,
  makeApp,
  makeEndpoint,
  makeOrg,
  makeSite,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { events, things } from '../../db/schema.js';
import type { NormalizedSighting } from '../formats/index.js';
import { createTrackingStore, ingestSightings, insertSightings, processSightings } from './index.js';

const app = await makeApp();
const { db, live } = app.ctx;
const store = createTrackingStore({ db, live, hooks: app.ctx.tracking.hooks });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe('tracking store timing', () => {
  it('processes a 500-sighting batch', async () => {
    const org = await makeOrg(app);
    const site = await makeSite(app, org.id);
    const readers = [await makeEndpoint(db, org.id, site.id), await makeEndpoint(db, org.id, site.id)];
    const zones = [];
    for (const [i, reader] of readers.entries())
      zones.push((await makeZone(db, org.id, site.id, { name: `Zone ${i}`, gates: [gate(reader.id)] })).id);
    for (let i = 0; i < 30; i++) (await makeZone(db, org.id, site.id, { name: `Other ${i}` })).id;
    const tags = Array.from({ length: 100 }, (_, i) => `E280116060000${String(i).padStart(11, '0')}`);
    for (const tag of tags.slice(0, 50)) (await makeThing(db, org.id, site.id, { tag })).id;
    const t0 = Date.parse('2024-05-01T10:00:00Z');
    const batch = (round: number): NormalizedSighting[] =>
      Array.from({ length: 500 }, (_, i) => ({
        tag: tags[i % 100] ?? 'AB',
        antenna: 1,
        time: t0 + round * 30_000 + i * 20,
        direction: 'NEAR',
        rssi: -60,
        alarmTamper: false,
      }));

    const processMs: number[] = [];
    const ingestMs: number[] = [];
    for (let round = 0; round < 12; round++) {
      // Two rounds per reader: the second merges into the open events, the next reader moves things.
      const reader = readers[Math.floor(round / 2) % 2] ?? readers[0];
      if (!reader) throw new Error('no reader');
      const now = t0 + round * 30_000 + 20_000;
      if (round % 3 === 2) {
        const started = performance.now();
        const result = await ingestSightings(store, reader, batch(round), now);
        ingestMs.push(performance.now() - started);
        expect(result.accepted).toBe(500);
        continue;
      }
      const stored = await db.transaction((tx) => insertSightings(tx, reader.id, batch(round)));
      const started = performance.now();
      await processSightings(store, reader, stored, now);
      processMs.push(performance.now() - started);
    }
    const show = (xs: number[]) =>
      `median ${median(xs).toFixed(1)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
    console.log(
      `[${app.ctx.database.kind}] 500 sightings: processSightings ${show(processMs)}; ingestSightings ${show(ingestMs)}`,
    );

    const located = await db
      .select()
      .from(things)
      .where(and(eq(things.orgId, org.id), eq(things.zoneId, zones[1] ?? '')));
    expect(located).toHaveLength(50);
    const stored = await db.select().from(events).where(eq(events.orgId, org.id));
    expect(stored.reduce((n, e) => n + e.repeatCount + 1, 0)).toBe(12 * 500);
  });
});
