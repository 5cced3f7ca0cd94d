/** Test helpers for tracking that are not factories (those are the `<entity>.factory.ts` beside this file). */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.js';
import { things } from '../../src/db/schema.js';
import type { NormalizedSighting } from '../../src/tracking/formats/index.js';

export async function thingRow(db: Tx, id: string) {
  const [row] = await db.select().from(things).where(eq(things.id, id));
  if (!row) throw new Error(`no thing ${id}`);
  return row;
}

export const at = (iso: string) => Date.parse(iso);

/** A native sighting of `tag` at `time` (ms), antenna 1, NEAR; `extra` overrides any field. */
export const sighting = (
  tag: string,
  time: number,
  extra: Partial<NormalizedSighting> = {},
): NormalizedSighting => ({
  tag,
  antenna: 1,
  time,
  direction: 'NEAR',
  alarmTamper: false,
  ...extra,
});
