/** Parent links: loops, and the children/parents filters. */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { rows as rawRows, type Tx } from '../../db/client.js';
import { things } from '../../db/schema.js';

/** Whether `id` is an ancestor of any of `parentIds` (linking them as its parents would close a loop). */
export async function isAncestorOf(db: Tx, orgId: string, id: string, parentIds: readonly string[]) {
  if (!parentIds.length) return false;
  const found = await rawRows<{ hit: number }>(
    db,
    sql`WITH RECURSIVE ancestors(id) AS (
          SELECT unnest(parents) FROM things WHERE org_id = ${orgId} AND id = ANY(${sql.param([...parentIds])}::text[])
          UNION
          SELECT unnest(t.parents) FROM things t JOIN ancestors a ON t.id = a.id WHERE t.org_id = ${orgId}
        )
        SELECT 1 AS hit FROM ancestors WHERE id = ${id} LIMIT 1`,
  );
  return found.length > 0;
}

/** Live things that list `id` among their parents. */
export const childrenOf = (id: string): SQL => sql`${things.parents} @> ARRAY[${id}]::text[]`;
/** Live things among `ids`. */
export const amongIds = (ids: readonly string[]): SQL =>
  ids.length ? inArray(things.id, [...ids]) : sql`false`;
