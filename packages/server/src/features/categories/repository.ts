import type { CATEGORY_SORT_FIELDS, CategoryInput, CategoryListQuery } from '@sightline/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { CategoryRow } from '../../db/rows.js';
import { categories, images, things } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentCategory } from './presenter.js';

const listSpec: ListSpec<(typeof CATEGORY_SORT_FIELDS)[number]> = {
  sortable: {
    name: sql`lower(${categories.name})`,
    description: categories.description,
    hidden: categories.hidden,
  },
  defaultSort: [asc(sql`lower(${categories.name})`), asc(categories.id)],
  searchable: [categories.name, categories.description],
};

export async function listCategories(db: Tx, orgId: string, query: CategoryListQuery) {
  const scope = and(eq(categories.orgId, orgId), query.hidden ? undefined : eq(categories.hidden, false));
  return listPage(db, categories, scope, query, listSpec, presentCategory);
}

export async function findCategory(db: Tx, orgId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.orgId, orgId), eq(categories.id, id)));
  return row;
}

/** A category of the organization with this name (case-insensitive), other than `exceptId`. */
export async function findCategoryByName(db: Tx, orgId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.orgId, orgId),
        eq(sql`lower(${categories.name})`, name.toLowerCase()),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function insertCategory(db: Tx, orgId: string, input: CategoryInput): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({ id: newId(), orgId, ...input })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(db: Tx, orgId: string, id: string, input: CategoryInput) {
  const [row] = await db
    .update(categories)
    .set(input)
    .where(and(eq(categories.orgId, orgId), eq(categories.id, id)))
    .returning();
  return row;
}

/** Deletes a category and removes it from the things and images that carry it. */
export async function deleteCategory(db: Tx, orgId: string, id: string): Promise<void> {
  await db
    .update(things)
    .set({ categories: sql`array_remove(${things.categories}, ${id})` })
    .where(and(eq(things.orgId, orgId), sql`${things.categories} @> ARRAY[${id}]::text[]`));
  await db
    .update(images)
    .set({ categories: sql`array_remove(${images.categories}, ${id})` })
    .where(and(eq(images.orgId, orgId), sql`${images.categories} @> ARRAY[${id}]::text[]`));
  await db.delete(categories).where(and(eq(categories.orgId, orgId), eq(categories.id, id)));
}

/** The organization's categories among `ids` (id → name). */
export async function categoryNames(db: Tx, orgId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.orgId, orgId), inArray(categories.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The category with this name, created when missing (the photo tab's "Things" category, import).
 * Safe against a concurrent creation of the same name.
 */
export async function ensureCategory(db: Tx, orgId: string, name: string): Promise<CategoryRow> {
  await db.insert(categories).values({ id: newId(), orgId, name }).onConflictDoNothing();
  const row = await findCategoryByName(db, orgId, name);
  if (!row) throw new Error(`category ${name} could not be created`);
  return row;
}
