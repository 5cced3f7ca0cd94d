/** Test helpers for tracking that are not factories (those are in test/factories/tracking.ts). */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { things } from '../../db/schema.js';

export async function thingRow(db: Tx, id: string) {
  const [row] = await db.select().from(things).where(eq(things.id, id));
  if (!row) throw new Error(`no thing ${id}`);
  return row;
}

export const at = (iso: string) => Date.parse(iso);
