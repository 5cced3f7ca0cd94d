/** The durable log of raw sightings (DESIGN §7.7, §11): what an ingest acknowledges. */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { NormalizedSighting } from '../formats/index.js';

export interface StoredSighting extends NormalizedSighting {
  id: number;
}

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
  let ord = 0;
  const input = batches.flatMap(({ endpointId, batch }) =>
    batch.map((s) => ({
      ord: ord++,
      endpoint_id: endpointId,
      tag: s.tag,
      antenna: s.antenna,
      time: new Date(s.time).toISOString(),
      direction: s.direction,
      rssi: s.rssi ?? null,
      data: s.data ?? null,
      alarm: s.alarmTamper,
    })),
  );
  if (!input.length) return batches.map(() => []);
  const inserted = await rows<{
    id: string | number;
    endpoint_id: string;
    tag: string;
    antenna: number;
    ms: string | number;
  }>(
    tx,
    sql`INSERT INTO sightings (endpoint_id, tag, antenna, time, direction, rssi, data, alarm_tamper)
      SELECT x.endpoint_id, x.tag, x.antenna, x.time, x.direction, x.rssi, x.data, x.alarm
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(ord int, endpoint_id text, tag text,
        antenna int, time timestamptz, direction text, rssi real, data jsonb, alarm boolean)
      ORDER BY x.ord
      ON CONFLICT (endpoint_id, tag, antenna, time) DO NOTHING
      RETURNING id, endpoint_id, tag, antenna, floor(extract(epoch from time) * 1000)::bigint AS ms`,
  );
  const ids = new Map(
    inserted.map((r) => [key(r.endpoint_id, r.tag, r.antenna, Number(r.ms)), Number(r.id)]),
  );
  return batches.map(({ endpointId, batch }) => {
    const out: StoredSighting[] = [];
    for (const s of batch) {
      const k = key(endpointId, s.tag, s.antenna, s.time);
      const id = ids.get(k);
      if (id === undefined) continue;
      ids.delete(k); // a repeat (in this batch or a later one of the group) is a duplicate
      out.push({ ...s, id });
    }
    return out;
  });
}
