/** The queries of an import: what holds the sheet's tags, categories by name, and the batched writes. */
import { and, eq, inArray, isNull, like, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { categories, locationTags, things, thingTags, zones } from '../../db/schema.js';
import { escapeLike } from '../../platform/list-query.js';

export type ThingRow = typeof things.$inferSelect;
export type NewThingRow = typeof things.$inferInsert;

/** Serialises writers of these tags until the transaction ends, in one statement (sorted: no deadlock). */
export async function lockTagsAtOnce(tx: Tx, orgId: string, tags: readonly string[]) {
  if (!tags.length) return;
  const keys = [...new Set(tags)].sort().map((t) => `tag:${orgId}:${t}`);
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(h) FROM (SELECT hashtextextended(k, 0) AS h, k FROM unnest(ARRAY[${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}]::text[]) AS k ORDER BY k) AS s`,
  );
}

export async function lockTagGeneration(tx: Tx, orgId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`gen:${orgId}`}, 0))`);
}

/** Tag → the live thing holding it, with that thing's home site, class and current zone's site. */
export async function tagHolders(tx: Tx, orgId: string, tags: readonly string[]) {
  if (!tags.length) return [];
  return tx
    .select({
      tag: thingTags.tag,
      thingId: things.id,
      siteId: things.siteId,
      class: things.class,
      zoneSiteId: zones.siteId,
    })
    .from(thingTags)
    .innerJoin(things, and(eq(things.id, thingTags.thingId), eq(things.orgId, orgId)))
    .leftJoin(zones, eq(zones.id, things.zoneId))
    .where(
      and(eq(thingTags.orgId, orgId), inArray(thingTags.tag, [...new Set(tags)]), isNull(things.deletedAt)),
    );
}

export async function locationTagsAmong(tx: Tx, orgId: string, tags: readonly string[]) {
  if (!tags.length) return new Set<string>();
  const rows = await tx
    .select({ tag: locationTags.tag })
    .from(locationTags)
    .where(and(eq(locationTags.orgId, orgId), inArray(locationTags.tag, [...new Set(tags)])));
  return new Set(rows.map((r) => r.tag));
}

/** Lower-case name → id of the organization's categories among `names`. */
export async function categoryIdsByName(tx: Tx, orgId: string, names: readonly string[]) {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!lower.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.orgId, orgId), inArray(sql`lower(${categories.name})`, lower)));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** The highest hex tag of a thing or location tag that starts with `prefix` and has `length` characters. */
export async function lastTagWithPrefix(tx: Tx, orgId: string, prefix: string, length: number) {
  const pattern = `${escapeLike(prefix)}%`;
  const shape = (column: typeof thingTags.tag | typeof locationTags.tag) =>
    and(like(column, pattern), sql`length(${column}) = ${length}`, sql`${column} ~ '^[0-9A-F]+$'`);
  const [ofThings] = await tx
    .select({ tag: max(thingTags.tag) })
    .from(thingTags)
    .where(and(eq(thingTags.orgId, orgId), shape(thingTags.tag)));
  const [ofLocationTags] = await tx
    .select({ tag: max(locationTags.tag) })
    .from(locationTags)
    .where(and(eq(locationTags.orgId, orgId), shape(locationTags.tag)));
  const found = [ofThings?.tag, ofLocationTags?.tag].filter((t): t is string => !!t).sort();
  return found.at(-1);
}

export async function thingsByIds(tx: Tx, orgId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(things)
    .where(and(eq(things.orgId, orgId), inArray(things.id, [...ids]), isNull(things.deletedAt)));
}

export async function zoneOfSite(tx: Tx, orgId: string, siteId: string, zoneId: string) {
  const [row] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.orgId, orgId), eq(zones.siteId, siteId), eq(zones.id, zoneId)));
  return row;
}

const CHUNK = 500;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function insertThings(tx: Tx, rows: NewThingRow[]) {
  for (const part of chunks(rows)) await tx.insert(things).values(part);
}

/** Writes the fields an import sets (never the tracking state the engine may be changing meanwhile). */
export async function updateThingRow(tx: Tx, orgId: string, row: ThingRow, placed: boolean) {
  const { name, description, serial, tag1, tag2, tags, categories, labels, zoneId, lastZoneTime } = row;
  await tx
    .update(things)
    .set({
      name,
      description,
      serial,
      tag1,
      tag2,
      tags,
      categories,
      labels,
      timeModified: new Date(),
      ...(placed ? { zoneId, lastZoneTime } : {}),
    })
    .where(and(eq(things.orgId, orgId), eq(things.id, row.id)));
}

/**
 * Makes the tag index hold exactly `tagsByThing` for these things. Returns how many tags could
 * not be written because another thing holds them (0 when the plan was right).
 */
export async function writeThingTags(
  tx: Tx,
  orgId: string,
  tagsByThing: Map<string, string[]>,
  replaced: string[],
) {
  if (replaced.length)
    await tx.delete(thingTags).where(and(eq(thingTags.orgId, orgId), inArray(thingTags.thingId, replaced)));
  const values = [...tagsByThing].flatMap(([thingId, tags]) => tags.map((tag) => ({ orgId, tag, thingId })));
  let written = 0;
  for (const part of chunks(values)) {
    const inserted = await tx
      .insert(thingTags)
      .values(part)
      .onConflictDoNothing()
      .returning({ tag: thingTags.tag });
    written += inserted.length;
  }
  return values.length - written;
}
