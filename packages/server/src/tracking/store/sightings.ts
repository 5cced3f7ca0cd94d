/**
 * The durable log of raw sightings (docs/decisions/0022-raw-sightings-log.md): what an ingest
 * acknowledges.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { NormalizedSighting } from '../formats/index.js';
import { boolArray, jsonArray, numberArray, textArray, timeArray } from './arrays.js';

/** A sighting the log did not hold yet (its key is its identity: endpoint, tag, antenna, time). */
export type StoredSighting = NormalizedSighting;

/** One reader batch of a group: its endpoint and its sightings. */
export interface SightingBatch {
  endpointId: string;
  batch: readonly NormalizedSighting[];
}

const key = (endpointId: string, tag: string, antenna: number, time: number) =>
  `${endpointId}\u0000${tag}\u0000${antenna}\u0000${time}`;

/**
 * Inserts a batch in one statement; a sighting already stored (same endpoint, tag, antenna, time),
 * or repeated inside the batch, is skipped, so a retried batch has no second effect. Returns only
 * the new ones, in batch order.
 */
export async function insertSightings(
  tx: Tx,
  endpointId: string,
  batch: readonly NormalizedSighting[],
): Promise<StoredSighting[]> {
  const [stored] = await insertSightingBatches(tx, [{ endpointId, batch }]);
  return stored ?? [];
}

/**
 * Several batches (of one or more endpoints) in ONE statement, in order: a sighting repeated in a
 * later batch of the group (a reader's retry that arrived meanwhile) is that batch's duplicate,
 * exactly as if the batches had been inserted one after the other. Returns each batch's new
 * sightings, in batch order.
 */
export async function insertSightingBatches(
  tx: Tx,
  batches: readonly SightingBatch[],
): Promise<StoredSighting[][]> {
  const input = batches.flatMap(({ endpointId, batch }) => batch.map((s) => ({ endpointId, s })));
  if (!input.length) return batches.map(() => []);
  // Typed column arrays (arrays.ts), read back in group order by WITH ORDINALITY.
  const inserted = await rows<{
    endpoint_id: string;
    tag: string;
    antenna: number;
    ms: string | number;
  }>(
    tx,
    sql`INSERT INTO sightings (endpoint_id, tag, antenna, time, direction, rssi, data, alarm_tamper)
      SELECT x.endpoint_id, x.tag, x.antenna, x.time, x.direction, x.rssi, x.data, x.alarm
      FROM unnest(${textArray(input, (r) => r.endpointId)}::text[], ${textArray(input, (r) => r.s.tag)}::text[],
        ${numberArray(input, (r) => r.s.antenna)}::int[], ${timeArray(input, (r) => r.s.time)}::timestamptz[],
        ${textArray(input, (r) => r.s.direction)}::text[], ${numberArray(input, (r) => r.s.rssi)}::real[],
        ${jsonArray(input, (r) => r.s.data)}::jsonb[], ${boolArray(input, (r) => r.s.alarmTamper)}::boolean[])
        WITH ORDINALITY AS x(endpoint_id, tag, antenna, time, direction, rssi, data, alarm, ord)
      ORDER BY x.ord
      ON CONFLICT (endpoint_id, tag, antenna, time) DO NOTHING
      RETURNING endpoint_id, tag, antenna, floor(extract(epoch from time) * 1000)::bigint AS ms`,
  );
  const fresh = new Set(inserted.map((r) => key(r.endpoint_id, r.tag, r.antenna, Number(r.ms))));
  return batches.map(({ endpointId, batch }) => {
    const out: StoredSighting[] = [];
    for (const s of batch) {
      const k = key(endpointId, s.tag, s.antenna, s.time);
      if (!fresh.delete(k)) continue; // a repeat (in this batch or a later one of the group) is a duplicate
      out.push(s);
    }
    return out;
  });
}
