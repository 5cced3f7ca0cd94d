/** Test fixtures: the tracking state of a thing, which only the engine writes in production. */
import { eq } from 'drizzle-orm';
import { things } from '../../db/schema.js';
import type { App } from '../../platform/context.js';

export async function placeThing(
  app: App,
  id: string,
  state: {
    zoneId?: string | null;
    lastZoneTime?: Date | null;
    lastEvent?: Date | null;
    mapId?: string | null;
  },
) {
  await app.ctx.db.update(things).set(state).where(eq(things.id, id));
}
