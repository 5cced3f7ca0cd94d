/**
 * EPCIS capture's SQL: the caller's endpoints, tags things carry, the eventIDs captured before,
 * and captures with their events.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { endpoints, epcisCapturedIds, epcisCaptures, epcisEvents, things } from '../../db/schema.js';
import { textArray } from '../../tracking/store/arrays.js';

/** The organization's endpoints (at `sites`, when the caller is limited to some). */
export function endpointsOf(db: Tx, orgId: string, sites: string[] | undefined) {
  return db
    .select({
      id: endpoints.id,
      orgId: endpoints.orgId,
      siteId: endpoints.siteId,
      uuid: endpoints.uuid,
      name: endpoints.name,
      epcisId: endpoints.epcisId,
    })
    .from(endpoints)
    .where(
      and(
        eq(endpoints.orgId, orgId),
        sites ? inArray(endpoints.siteId, sites.length ? sites : ['']) : undefined,
      ),
    );
}

/** Which of these hexes a thing of the organization carries. */
export async function knownTags(db: Tx, orgId: string, hexes: string[]) {
  if (!hexes.length) return new Set<string>();
  // One array parameter, however many EPCs a document holds (a parameter each would overflow).
  const list = sql`${textArray([...new Set(hexes)], (h) => h)}::text[]`;
  const rows = await db
    .select({ tag1: things.tag1, tag2: things.tag2, tags: things.tags })
    .from(things)
    .where(
      and(
        eq(things.orgId, orgId),
        or(
          sql`${things.tag1} = ANY(${list})`,
          sql`${things.tag2} = ANY(${list})`,
          sql`${things.tags} && ${list}`,
        ),
      ),
    );
  return new Set(rows.flatMap((r) => [r.tag1, r.tag2, ...r.tags]).filter((t): t is string => Boolean(t)));
}

export interface KeptEvent {
  eventId: string;
  eventType: string;
  action: string | null;
  bizStep: string | null;
  readPoint: string | null;
  bizLocation: string | null;
  epcs: string[];
  eventTime: Date;
  body: unknown;
}

/** A captured event's identity: its eventID, whether it declares an error, its content's digest. */
export interface CapturedId {
  eventId: string;
  errorDeclaration: boolean;
  digest: string;
}

/** The eventIDs among `ids` captured before in the organization, with the digest of their event. */
export async function capturedIds(db: Tx, orgId: string, ids: string[]): Promise<CapturedId[]> {
  if (!ids.length) return [];
  const list = sql`${textArray([...new Set(ids)], (h) => h)}::text[]`;
  return db
    .select({
      eventId: epcisCapturedIds.eventId,
      errorDeclaration: epcisCapturedIds.errorDeclaration,
      digest: epcisCapturedIds.digest,
    })
    .from(epcisCapturedIds)
    .where(and(eq(epcisCapturedIds.orgId, orgId), sql`${epcisCapturedIds.eventId} = ANY(${list})`));
}

/**
 * The capture, finished, the events it keeps and every eventID it captured, in the caller's
 * transaction. False when another capture took one of the eventIDs since they were checked (a
 * capture running alongside): the caller then rolls the transaction back.
 */
export async function storeCapture(
  tx: Tx,
  orgId: string,
  id: string,
  kept: KeptEvent[],
  ids: CapturedId[],
  eventCount: number,
  outcome: { errorBehaviour: string; errors: { path: string; message: string }[] },
): Promise<boolean> {
  await tx.insert(epcisCaptures).values({
    id,
    orgId,
    state: outcome.errors.length ? 'failed' : 'success',
    errorBehaviour: outcome.errorBehaviour,
    errors: outcome.errors,
    eventCount,
    timeFinished: new Date(),
  });
  if (kept.length) await tx.insert(epcisEvents).values(kept.map((e) => ({ ...e, orgId, captureId: id })));
  if (!ids.length) return true;
  const stored = await tx
    .insert(epcisCapturedIds)
    .values(ids.map((e) => ({ ...e, orgId, captureId: id })))
    .onConflictDoNothing()
    .returning({ eventId: epcisCapturedIds.eventId });
  return stored.length === ids.length;
}

export async function findCapture(db: Tx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(epcisCaptures)
    .where(and(eq(epcisCaptures.orgId, orgId), eq(epcisCaptures.id, id)));
  return row;
}
