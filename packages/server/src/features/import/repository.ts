/** The queries of an import: what holds the sheet's tags, categories by name, and the batched writes. */
import { and, eq, isNull, like, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tagGenerationLockText, tagLockText, textLockKey } from '../../db/locks.js';
import type { NewThingRow, ThingRow } from '../../db/rows.js';
import { categories, locationTags, things, thingTags, zones } from '../../db/schema.js';
import { escapeLike } from '../../platform/list-query.js';

/** Serialises writers of these tags until the transaction ends, in one statement (sorted: no deadlock). */
export async function lockTagsAtOnce(tx: Tx, orgId: string, tags: readonly string[]) {
  if (!tags.length) return;
  const keys = [...new Set(tags)].sort().map((t) => tagLockText(orgId, t));
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(h) FROM (SELECT ${textLockKey(sql`k`)} AS h, k FROM unnest(ARRAY[${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}]::text[]) AS k ORDER BY k) AS s`,
  );
}

export async function lockTagGeneration(tx: Tx, orgId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${textLockKey(tagGenerationLockText(orgId))})`);
}

/** A text[] parameter: one bind value, whatever the number of elements (not one placeholder each). */
const textList = (values: readonly string[]) => sql`${sql.param([...new Set(values)])}::text[]`;

/**
 * Tag → the live thing holding it, with that thing's home site, class and current zone's site.
 * Two lookups by key rather than one join: during a large import the table statistics still
 * describe the nearly empty tables of its start, and the planner joined them with a nested loop
 * that read every tag of the organization once per thing (quadratic; 2.7 s a batch at 4,300 items).
 */
export async function tagHolders(tx: Tx, orgId: string, tags: readonly string[]) {
  if (!tags.length) return [];
  const held = await tx
    .select({ tag: thingTags.tag, thingId: thingTags.thingId })
    .from(thingTags)
    .where(and(eq(thingTags.orgId, orgId), sql`${thingTags.tag} = ANY(${textList(tags)})`));
  if (!held.length) return [];
  const holders = await tx
    .select({ id: things.id, siteId: things.siteId, class: things.class, zoneSiteId: zones.siteId })
    .from(things)
    .leftJoin(zones, eq(zones.id, things.zoneId))
    .where(
      and(
        eq(things.orgId, orgId),
        sql`${things.id} = ANY(${textList(held.map((h) => h.thingId))})`,
        isNull(things.deletedAt),
      ),
    );
  const byId = new Map(holders.map((t) => [t.id, t]));
  return held.flatMap(({ tag, thingId }) => {
    const thing = byId.get(thingId);
    return thing
      ? [{ tag, thingId, siteId: thing.siteId, class: thing.class, zoneSiteId: thing.zoneSiteId }]
      : [];
  });
}

export async function locationTagsAmong(tx: Tx, orgId: string, tags: readonly string[]) {
  if (!tags.length) return new Set<string>();
  const rows = await tx
    .select({ tag: locationTags.tag })
    .from(locationTags)
    .where(and(eq(locationTags.orgId, orgId), sql`${locationTags.tag} = ANY(${textList(tags)})`));
  return new Set(rows.map((r) => r.tag));
}

/** Lower-case name → id of the organization's categories among `names`. */
export async function categoryIdsByName(tx: Tx, orgId: string, names: readonly string[]) {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!lower.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.orgId, orgId), sql`lower(${categories.name}) = ANY(${textList(lower)})`));
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
    .where(and(eq(things.orgId, orgId), sql`${things.id} = ANY(${textList(ids)})`, isNull(things.deletedAt)));
}

export async function zoneOfSite(tx: Tx, orgId: string, siteId: string, zoneId: string) {
  const [row] = await tx
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.orgId, orgId), eq(zones.siteId, siteId), eq(zones.id, zoneId)));
  return row;
}

/**
 * The rows as one jsonb parameter, read back as a record set: one bind value per statement instead
 * of one per cell (a batch of 500 items was 15,000 placeholders, and building, parsing and binding
 * them took more time than the insert itself).
 */
const recordSet = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** The columns an import writes (never the tracking state the engine may be changing meanwhile). */
const importRecord = (t: NewThingRow) => ({
  id: t.id,
  name: t.name,
  description: t.description ?? '',
  serial: t.serial ?? '',
  class: t.class ?? 'item',
  tag1: t.tag1 ?? null,
  tag2: t.tag2 ?? null,
  tags: t.tags ?? [],
  categories: t.categories ?? [],
  labels: t.labels ?? [],
  zone_id: t.zoneId ?? null,
  last_zone_time: t.lastZoneTime ?? null,
});
const IMPORT_RECORD = sql.raw(
  'x(id text, name text, description text, serial text, class text, tag1 text, tag2 text, tags text[], categories text[], labels text[], zone_id text, last_zone_time timestamptz)',
);

export async function insertThings(tx: Tx, orgId: string, siteId: string, rows: NewThingRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`INSERT INTO things (id, org_id, site_id, name, description, serial, class, tag1, tag2, tags, categories, labels, zone_id, last_zone_time)
    SELECT x.id, ${orgId}, ${siteId}, x.name, x.description, x.serial, x.class, x.tag1, x.tag2, x.tags, x.categories, x.labels, x.zone_id, x.last_zone_time
    FROM jsonb_to_recordset(${recordSet(rows.map(importRecord))}) AS ${IMPORT_RECORD}`);
}

/** Writes the fields an import sets onto existing items, in one statement; `placed` also sets the zone. */
export async function updateThings(tx: Tx, orgId: string, rows: ThingRow[], placed: boolean) {
  if (!rows.length) return;
  const zone = placed ? sql`, zone_id = x.zone_id, last_zone_time = x.last_zone_time` : sql``;
  await tx.execute(sql`UPDATE things SET name = x.name, description = x.description, serial = x.serial,
      tag1 = x.tag1, tag2 = x.tag2, tags = x.tags, categories = x.categories, labels = x.labels,
      time_modified = now()${zone}
    FROM jsonb_to_recordset(${recordSet(rows.map(importRecord))}) AS ${IMPORT_RECORD}
    WHERE things.org_id = ${orgId} AND things.id = x.id`);
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
    await tx
      .delete(thingTags)
      .where(and(eq(thingTags.orgId, orgId), sql`${thingTags.thingId} = ANY(${textList(replaced)})`));
  const pairs = [...tagsByThing].flatMap(([thingId, tags]) => tags.map((tag) => ({ tag, thingId })));
  if (!pairs.length) return 0;
  const inserted = await tx.execute(sql`INSERT INTO thing_tags (org_id, tag, thing_id)
    SELECT ${orgId}, x.tag, x.thing_id FROM jsonb_to_recordset(${recordSet(pairs.map((p) => ({ tag: p.tag, thing_id: p.thingId })))}) AS x(tag text, thing_id text)
    ON CONFLICT DO NOTHING RETURNING tag`);
  return pairs.length - rowsOf(inserted).length;
}
