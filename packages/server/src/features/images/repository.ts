/** SQL of the photo catalogue: the catalogue's filter, category names, bulk changes. */
import type { ImageFilter, ImageMetaInput } from '@sightline/shared';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { ImageRow, NewImageRow } from '../../db/rows.js';
import { categories, images, things } from '../../db/schema.js';
import { escapeLike } from '../../platform/list-query.js';

/** The names of the organization's categories among `ids`, by id. */
export async function categoryNames(db: Tx, orgId: string, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!ids.length) return names;
  const found = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.orgId, orgId), inArray(categories.id, ids)));
  for (const c of found) names.set(c.id, c.name);
  return names;
}

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** PostgreSQL regular expression of a literal phrase as whole words. */
const wordPattern = (term: string) => `\\m${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\M`;

/** The words an image is searched by: comment, tags and category names. */
const searchText = sql`(${images.annotation} || ' ' || array_to_string(${images.tags}, ' ') || ' ' || coalesce((select string_agg(${categories.name}, ' ') from ${categories} where ${categories.id} = any(${images.categories})), ''))`;

/** The catalogue's filter: its conditions, joined by AND (or OR with `or`), within the org and site. */
export function filterWhere(orgId: string, filter: ImageFilter): SQL {
  const conditions: SQL[] = [];
  for (const id of filter.category) conditions.push(sql`${id} = any(${images.categories})`);
  for (const tag of filter.tag) conditions.push(sql`${tag} = any(${images.tags})`);
  if (filter.uploader) conditions.push(sql`${images.uploader} = ${filter.uploader}`);
  if (filter.search) {
    conditions.push(
      filter.partial
        ? sql`${searchText} ILIKE ${`%${escapeLike(filter.search)}%`}`
        : sql`${searchText} ~* ${wordPattern(filter.search)}`,
    );
  }
  // A date range is one condition, also when the others are ORed.
  const range: SQL[] = [];
  if (filter.start) range.push(sql`${images.timestamp} >= ${new Date(filter.start).toISOString()}`);
  if (filter.end) range.push(sql`${images.timestamp} <= ${new Date(filter.end).toISOString()}`);
  if (range.length) conditions.push(and(...range) as SQL);
  if (filter.notags) conditions.push(sql`cardinality(${images.tags}) = 0`);
  if (filter.nocategories) conditions.push(sql`cardinality(${images.categories}) = 0`);
  const scope = and(eq(images.orgId, orgId), eq(images.siteId, filter.site)) as SQL;
  if (!conditions.length) return scope;
  return and(scope, filter.or ? or(...conditions) : and(...conditions)) as SQL;
}

/**
 * The images that are no photo of a worker of `pseudonymousSites` (the caller sees those workers
 * by pseudonym, and a worker's photos are withheld with their name): a photo is a worker's while
 * its id is in the worker's `photo` list (live or deleted worker alike). Undefined: nothing withheld.
 */
export function shownPhotos(pseudonymousSites: readonly string[]): SQL | undefined {
  if (!pseudonymousSites.length) return undefined;
  return sql`NOT EXISTS (SELECT 1 FROM ${things} WHERE ${things.orgId} = ${images.orgId}
    AND ${things.class} = 'worker' AND ${things.siteId} = ANY(${sql.param([...pseudonymousSites])}::text[])
    AND ${images.id} = ANY(${things.photo}))`;
}

export const byIds = (orgId: string, ids: string[]) =>
  and(eq(images.orgId, orgId), inArray(images.id, ids)) as SQL;

const newestFirst = [desc(images.timestamp), desc(images.id)];

export async function listImages(db: Tx, where: SQL, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(images)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(images).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every matching row, newest first, a page at a time (exports of thousands of photos). */
export async function* eachImage(db: Tx, where: SQL, pageSize = 500): AsyncGenerator<ImageRow> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await db
      .select()
      .from(images)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

/** The matching rows, newest first (a few: an image by id, the ids of a bulk call). */
export async function findImagesWhere(db: Tx, where: SQL): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(where)
    .orderBy(...newestFirst);
}

/** Site ids of the matching images (to authorize a bulk call per site). */
export async function sitesOf(db: Tx, where: SQL): Promise<(string | null)[]> {
  const rows = await db.selectDistinct({ site: images.siteId }).from(images).where(where);
  return rows.map((r) => r.site);
}

/** Inserts the rows in one statement; answers them in the order given. */
export async function insertImages(db: Tx, rows: NewImageRow[]): Promise<ImageRow[]> {
  const inserted = new Map((await db.insert(images).values(rows).returning()).map((r) => [r.id, r]));
  return rows.map((row) => {
    const found = row.id ? inserted.get(row.id) : undefined;
    if (!found) throw new Error('insert returned no row');
    return found;
  });
}

export async function updateMeta(db: Tx, orgId: string, id: string, input: ImageMetaInput) {
  const [row] = await db
    .update(images)
    .set({
      annotation: input.annotation,
      tags: [...new Set(input.tags)],
      categories: [...new Set(input.categories)],
    })
    .where(byIds(orgId, [id]))
    .returning();
  return row;
}

interface ArrayChange {
  addTags: string[];
  removeTags: string[];
  addCategories: string[];
  removeCategories: string[];
}

/** Adds and removes tags and categories on every matching image in one statement; the count changed. */
export async function bulkChange(db: Tx, where: SQL, change: ArrayChange): Promise<number> {
  const merged = (column: typeof images.tags, add: string[], remove: string[]) =>
    sql`coalesce((select array_agg(v order by o) from (select v, min(o) as o from unnest(${column} || ${textArray(add)}) with ordinality as u(v, o) where not (v = any(${textArray(remove)})) group by v) as kept), '{}'::text[])`;
  const tags = merged(images.tags, change.addTags, change.removeTags);
  const cats = merged(images.categories, change.addCategories, change.removeCategories);
  const rows = await db
    .update(images)
    .set({ tags: sql`${tags}`, categories: sql`${cats}` })
    .where(
      and(
        where,
        sql`(${images.tags} IS DISTINCT FROM ${tags} OR ${images.categories} IS DISTINCT FROM ${cats})`,
      ),
    )
    .returning({ id: images.id });
  return rows.length;
}

/** Deletes the matching rows; their ids (whose files the caller removes after the commit). */
export async function deleteWhere(db: Tx, where: SQL): Promise<string[]> {
  const rows = await db.delete(images).where(where).returning({ id: images.id });
  return rows.map((r) => r.id);
}

/** Adds photos to a thing's photo[], keeping it free of repeats. */
export async function addThingPhotos(db: Tx, orgId: string, thingId: string, ids: string[]) {
  await db
    .update(things)
    .set({
      photo: sql`array(select v from unnest(${things.photo} || ${textArray(ids)}) with ordinality as u(v, o) group by v order by min(o))`,
    })
    .where(and(eq(things.orgId, orgId), eq(things.id, thingId)));
}

/** Takes deleted photos out of every thing's photo[]. */
export async function removeThingPhotos(db: Tx, orgId: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(things)
    .set({
      photo: sql`array(select p from unnest(${things.photo}) as p where not (p = any(${textArray(ids)})))`,
    })
    .where(and(eq(things.orgId, orgId), sql`${things.photo} && ${textArray(ids)}`));
}

/** Every image id of an organization (its files are removed when the organization is deleted). */
export async function orgImageIds(db: Tx, orgId: string): Promise<string[]> {
  const rows = await db.select({ id: images.id }).from(images).where(eq(images.orgId, orgId));
  return rows.map((r) => r.id);
}
