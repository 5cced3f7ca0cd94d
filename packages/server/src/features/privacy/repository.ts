/** The rows that name a thing or its tags, for a worker's personal-data export and erasure. */
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { ThingRow } from '../../db/rows.js';
import { events, exceptions, things, thingTags, zoneDurations } from '../../db/schema.js';
import { escapeLike } from '../../platform/list-query.js';
import { textArray } from '../../tracking/store/arrays.js';

/** A thing of the organization, live or deleted. */
export async function findAnyThing(db: Tx, orgId: string, id: string): Promise<ThingRow | undefined> {
  const [row] = await db
    .select()
    .from(things)
    .where(and(eq(things.orgId, orgId), eq(things.id, id)));
  return row;
}

/** Every tag the thing holds, and every tag its events were read from (tags it held before). */
export async function tagsOf(db: Tx, thing: ThingRow): Promise<string[]> {
  const indexed = await db
    .select({ tag: thingTags.tag })
    .from(thingTags)
    .where(and(eq(thingTags.orgId, thing.orgId), eq(thingTags.thingId, thing.id)));
  const read = await db
    .selectDistinct({ tag: events.tag })
    .from(events)
    .where(and(eq(events.orgId, thing.orgId), eq(events.thingId, thing.id)));
  const all = [
    thing.tag1,
    thing.tag2,
    thing.alarmTamperTag,
    ...thing.tags,
    ...indexed.map((t) => t.tag),
    ...read.map((t) => t.tag),
  ];
  return [...new Set(all.filter((t): t is string => !!t))];
}

/** The exceptions about the thing: its own and those listing it among their things. */
export async function exceptionIdsNaming(tx: Tx, thing: ThingRow): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM exceptions WHERE org_id = ${thing.orgId}
        AND (thing_id = ${thing.id} OR ${thing.id} = ANY(multiple_things))`,
  );
  return found.map((r) => r.id);
}

/** Rows a statement touched, as node-postgres (`rowCount`) or PGlite (`affectedRows`) says. */
const count = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};

/** Deletes every row that names the thing or its tags; the counts by kind, and the photos removed. */
export async function eraseThingRows(tx: Tx, thing: ThingRow, tags: string[]) {
  const { orgId, id } = thing;
  const tagList = sql`ARRAY[${sql.join(
    tags.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const anyTags = tags.length ? tagList : sql`ARRAY[]::text[]`;
  const erased = {
    events: count(await tx.delete(events).where(and(eq(events.orgId, orgId), eq(events.thingId, id)))),
    stays: count(
      await tx
        .delete(zoneDurations)
        .where(and(eq(zoneDurations.orgId, orgId), eq(zoneDurations.thingId, id))),
    ),
    exceptions: count(
      await tx.delete(exceptions).where(and(eq(exceptions.orgId, orgId), eq(exceptions.thingId, id))),
    ),
    sharedExceptions: count(
      await tx.execute(sql`UPDATE exceptions SET multiple_things = array_remove(multiple_things, ${id})
        WHERE org_id = ${orgId} AND ${id} = ANY(multiple_things)`),
    ),
    sightings: count(
      await tx.execute(sql`DELETE FROM sightings WHERE tag = ANY(${anyTags})
        AND endpoint_id IN (SELECT id FROM endpoints WHERE org_id = ${orgId})`),
    ),
    tagState: count(
      await tx.execute(sql`DELETE FROM tag_state WHERE org_id = ${orgId} AND tag = ANY(${anyTags})`),
    ),
    rollups:
      count(await tx.execute(sql`DELETE FROM event_days WHERE org_id = ${orgId} AND thing_id = ${id}`)) +
      count(
        await tx.execute(sql`DELETE FROM event_days_pending WHERE org_id = ${orgId} AND thing_id = ${id}`),
      ),
    links: count(
      await tx.execute(sql`UPDATE things SET parents = array_remove(parents, ${id})
        WHERE org_id = ${orgId} AND ${id} = ANY(parents)`),
    ),
    webhookDeliveries: await eraseWebhookDeliveries(tx, orgId, [id, thing.name, thing.serial, ...tags]),
    photos: 0,
  };
  // Photos attached to this thing alone.
  const photoIds = thing.photo.length ? thing.photo : [''];
  const own = await rows<{ id: string }>(
    tx,
    sql`DELETE FROM images WHERE org_id = ${orgId} AND id = ANY(${sql`ARRAY[${sql.join(
      photoIds.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`}) AND NOT EXISTS (SELECT 1 FROM things o WHERE o.org_id = ${orgId} AND o.id <> ${id}
        AND images.id = ANY(o.photo)) RETURNING id`,
  );
  erased.photos = own.length;
  await tx.delete(thingTags).where(and(eq(thingTags.orgId, orgId), eq(thingTags.thingId, id)));
  await tx.delete(things).where(and(eq(things.orgId, orgId), eq(things.id, id)));
  return { erased, photoIds: own.map((p) => p.id) };
}

/**
 * Webhook deliveries whose body holds one of `values` as a JSON string (the thing's id, name,
 * serial or a tag, whatever fields the webhook's mapping sends), with their attempts' copies of
 * the request: those still queued are never sent, so the erased data does not leave after its
 * erasure, and those sent keep no copy of it.
 */
async function eraseWebhookDeliveries(tx: Tx, orgId: string, values: string[]): Promise<number> {
  const patterns = values.filter(Boolean).map((v) => `%${escapeLike(JSON.stringify(v))}%`);
  const gone = await rows<{ id: string }>(
    tx,
    sql`DELETE FROM webhook_deliveries
        WHERE webhook_id IN (SELECT id FROM webhooks WHERE org_id = ${orgId})
          AND payload::text LIKE ANY(${textArray(patterns, (p) => p)}::text[])
        RETURNING id::text`,
  );
  if (gone.length)
    await tx.execute(sql`DELETE FROM webhook_delivery_attempts
      WHERE delivery_id = ANY(${textArray(
        gone.map((g) => g.id),
        (i) => i,
      )}::bigint[])`);
  return gone.length;
}
