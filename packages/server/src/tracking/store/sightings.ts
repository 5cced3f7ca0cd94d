/** The durable log of raw sightings (DESIGN §7.7, §11): what an ingest acknowledges. */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { NormalizedSighting } from '../formats/index.js';

export interface StoredSighting extends NormalizedSighting {
  id: number;
}

const key = (tag: string, antenna: number, time: number) => `${tag}\u0000${antenna}\u0000${time}`;

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
  if (!batch.length) return [];
  const input = batch.map((s, ord) => ({
    ord,
    tag: s.tag,
    antenna: s.antenna,
    time: new Date(s.time).toISOString(),
    direction: s.direction,
    rssi: s.rssi ?? null,
    data: s.data ?? null,
    alarm: s.alarmTamper,
  }));
  const inserted = await rows<{ id: string | number; tag: string; antenna: number; ms: string | number }>(
    tx,
    sql`INSERT INTO sightings (endpoint_id, tag, antenna, time, direction, rssi, data, alarm_tamper)
      SELECT ${endpointId}, x.tag, x.antenna, x.time, x.direction, x.rssi, x.data, x.alarm
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(ord int, tag text, antenna int,
        time timestamptz, direction text, rssi real, data jsonb, alarm boolean)
      ORDER BY x.ord
      ON CONFLICT (endpoint_id, tag, antenna, time) DO NOTHING
      RETURNING id, tag, antenna, floor(extract(epoch from time) * 1000)::bigint AS ms`,
  );
  const ids = new Map(inserted.map((r) => [key(r.tag, r.antenna, Number(r.ms)), Number(r.id)]));
  const out: StoredSighting[] = [];
  for (const s of batch) {
    const k = key(s.tag, s.antenna, s.time);
    const id = ids.get(k);
    if (id === undefined) continue;
    ids.delete(k); // a repeat inside the batch is a duplicate, not a second sighting
    out.push({ ...s, id });
  }
  return out;
}
