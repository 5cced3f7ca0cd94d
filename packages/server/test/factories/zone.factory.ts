/**
 * Zones for the tests, and their gates: `makeZone(db, orgId, siteId, overrides?)`, written
 * straight to the database so a test builds exactly what it needs.
 */
import type { Gate } from '@sightline/shared';
import type { Tx } from '../../src/db/client.js';
import { zones } from '../../src/db/schema.js';
import { newId, randomToken } from '../../src/platform/ids.js';

export async function makeZone(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof zones.$inferInsert> = {},
) {
  const row = { id: newId(), orgId, siteId, name: `Zone ${randomToken(3)}`, ...overrides };
  await db.insert(zones).values(row);
  return { id: row.id, name: row.name };
}

/** A gate: every sighting of the endpoint (antenna -1, NEAR by default) enters the zone. */
export const gate = (endpoint: string, antenna = -1, direction: Gate['direction'] = 'NEAR'): Gate => ({
  endpoint,
  antenna,
  direction,
});
