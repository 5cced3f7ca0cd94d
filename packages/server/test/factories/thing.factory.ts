/**
 * Things for the tests, each known by a tag: `makeThing(db, orgId, siteId, overrides?)`, written
 * straight to the database so a test builds exactly what it needs.
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../src/db/client.js';
import { things, thingTags } from '../../src/db/schema.js';
import { newId } from '../../src/platform/ids.js';

/** A thing known by `tag` (its tag1; the tag index row too). */
export async function makeThing(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof things.$inferInsert> & { tag?: string } = {},
) {
  const { tag = randomBytes(6).toString('hex').toUpperCase(), ...rest } = overrides;
  const row = { id: newId(), orgId, siteId, name: `Thing ${tag}`, tag1: tag, ...rest };
  await db.insert(things).values(row);
  await db.insert(thingTags).values({ orgId, tag, thingId: row.id });
  return { id: row.id, name: row.name, tag };
}
