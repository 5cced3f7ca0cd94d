/**
 * Maps for the tests: `makeMap(db, orgId, siteId, overrides?)`, written straight to the database
 * so a test builds exactly what it needs.
 */
import type { Tx } from '../../src/db/client.js';
import { maps } from '../../src/db/schema.js';
import { newId, randomToken } from '../../src/platform/ids.js';

export async function makeMap(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof maps.$inferInsert> = {},
) {
  const row = { id: newId(), orgId, siteId, name: `Floor ${randomToken(3)}`, ...overrides };
  await db.insert(maps).values(row);
  return { id: row.id, name: row.name };
}
