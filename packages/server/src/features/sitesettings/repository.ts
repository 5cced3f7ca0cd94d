import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { categories } from '../../db/schema.js';

/** Which of `ids` are categories of the organization. */
export async function existingCategoryIds(db: Tx, orgId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.orgId, orgId), inArray(categories.id, ids)));
  return new Set(rows.map((r) => r.id));
}
