/**
 * The tag index: every tag of a thing (tag1, tag2, tags[]) is a row of thing_tags,
 * unique per organization, and no tag is both a thing's and a location tag's. Writers take a
 * transaction-scoped advisory lock per tag, so a thing and a location tag cannot claim one tag at once.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tagLockText, textLockKey } from '../../db/locks.js';
import { locationTags, thingTags } from '../../db/schema.js';

/** Every distinct tag of a thing, upper case. */
export function tagsOf(thing: { tag1?: string | null; tag2?: string | null; tags?: readonly string[] }) {
  const all = [thing.tag1, thing.tag2, ...(thing.tags ?? [])].filter((t): t is string => !!t);
  return [...new Set(all.map((t) => t.toUpperCase()))];
}

/** Serialises writers of these tags until the transaction ends (sorted: no lock-order deadlock). */
export async function lockTags(tx: Tx, orgId: string, tags: readonly string[]): Promise<void> {
  for (const tag of [...tags].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${textLockKey(tagLockText(orgId, tag))})`);
  }
}

/** The first of `tags` used by a location tag (other than `exceptLocationTagId`). */
export async function tagOfLocationTag(
  tx: Tx,
  orgId: string,
  tags: readonly string[],
  exceptLocationTagId?: string,
) {
  if (!tags.length) return undefined;
  const [row] = await tx
    .select({ tag: locationTags.tag })
    .from(locationTags)
    .where(
      and(
        eq(locationTags.orgId, orgId),
        inArray(locationTags.tag, [...tags]),
        exceptLocationTagId ? ne(locationTags.id, exceptLocationTagId) : undefined,
      ),
    )
    .limit(1);
  return row?.tag;
}

/** The thing that holds `tag`, if any. */
export async function thingOfTag(tx: Tx, orgId: string, tag: string) {
  const [row] = await tx
    .select({ thingId: thingTags.thingId })
    .from(thingTags)
    .where(and(eq(thingTags.orgId, orgId), eq(thingTags.tag, tag)))
    .limit(1);
  return row?.thingId;
}

/** The first of `tags` that belongs to a thing (other than `exceptThingId`). */
export async function tagOfThing(tx: Tx, orgId: string, tags: readonly string[], exceptThingId?: string) {
  if (!tags.length) return undefined;
  const [row] = await tx
    .select({ tag: thingTags.tag })
    .from(thingTags)
    .where(
      and(
        eq(thingTags.orgId, orgId),
        inArray(thingTags.tag, [...tags]),
        exceptThingId ? ne(thingTags.thingId, exceptThingId) : undefined,
      ),
    )
    .limit(1);
  return row?.tag;
}

/**
 * Makes the thing's rows of thing_tags exactly `tags`. Returns the first tag another thing holds
 * (nothing is written for it: the caller rolls the transaction back).
 */
export async function replaceThingTags(
  tx: Tx,
  orgId: string,
  thingId: string,
  tags: readonly string[],
): Promise<string | undefined> {
  await tx.delete(thingTags).where(and(eq(thingTags.orgId, orgId), eq(thingTags.thingId, thingId)));
  if (!tags.length) return undefined;
  const inserted = await tx
    .insert(thingTags)
    .values(tags.map((tag) => ({ orgId, tag, thingId })))
    .onConflictDoNothing()
    .returning({ tag: thingTags.tag });
  const mine = new Set(inserted.map((r) => r.tag));
  return tags.find((t) => !mine.has(t));
}

export async function releaseThingTags(tx: Tx, orgId: string, thingId: string): Promise<void> {
  await tx.delete(thingTags).where(and(eq(thingTags.orgId, orgId), eq(thingTags.thingId, thingId)));
}
