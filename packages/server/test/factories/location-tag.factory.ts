/**
 * Location tags for the tests: `makeLocationTag(db, orgId, siteId, overrides?)`, written straight
 * to the database so a test builds exactly what it needs.
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../src/db/client.js';
import { locationTags } from '../../src/db/schema.js';
import { newId } from '../../src/platform/ids.js';

export async function makeLocationTag(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof locationTags.$inferInsert> & { tag?: string } = {},
) {
  const { tag = randomBytes(6).toString('hex').toUpperCase(), ...rest } = overrides;
  const row = { id: newId(), orgId, siteId, name: `Spot ${tag}`, tag, ...rest };
  await db.insert(locationTags).values(row);
  return { id: row.id, tag };
}
