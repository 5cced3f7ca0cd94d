/**
 * The system resolves an exception when its condition clears, inside the tracking transaction that
 * saw it clear (a before-COMMIT hook of the tracking store, listed by app.ts):
 * - a zone-time exception when its thing leaves the zone;
 * - a kit's shortage (and a child's wrong-zone record) when the next check finds no child missing,
 *   its overage when the next check finds nothing unexpected.
 * An exception raised in the same transaction is left open: it tells of an overrun that happened,
 * and nobody has seen it yet. Each resolution is published with the batch's live messages.
 */
import { RESOLVED_BY_SYSTEM } from '@sightline/shared';
import { and, eq, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { exceptions } from '../../db/schema.js';
import { textArray } from '../../tracking/store/arrays.js';
import type { Committed } from '../../tracking/store/index.js';
import { type ExceptionStep, exceptionWorkers, liveExceptionChange } from './changes.js';
import * as repo from './repository.js';

/** The conditions a committed tracking change cleared, as one WHERE over `exceptions`. */
function clearedConditions(c: Committed): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  for (const m of c.messages) {
    if (m.type !== 'zoneChange' || m.fromZoneId === null) continue;
    conditions.push(
      and(
        eq(exceptions.type, 'zoneTimeException'),
        eq(exceptions.thingId, m.thingId),
        eq(exceptions.zoneId, m.fromZoneId),
      ),
    );
  }
  for (const kit of c.inventoryCleared ?? []) {
    if (kit.shortage) {
      conditions.push(
        and(eq(exceptions.type, 'inventoryThingsMissing'), eq(exceptions.thingId, kit.parentId)),
      );
      if (kit.children.length)
        conditions.push(
          and(
            eq(exceptions.type, 'inventoryThingsUnexpected'),
            sql`${exceptions.expectedZoneId} IS NOT NULL`,
            sql`${exceptions.thingId} = ANY(${textArray(kit.children, (id) => id)}::text[])`,
          ),
        );
    }
    if (kit.overage)
      conditions.push(
        and(
          eq(exceptions.type, 'inventoryThingsUnexpected'),
          sql`${exceptions.expectedZoneId} IS NULL`,
          eq(exceptions.thingId, kit.parentId),
        ),
      );
  }
  return conditions.length ? or(...conditions) : undefined;
}

/** Resolves what `c` cleared; returns the changes (also queued as `c.followUps`). */
export async function resolveClearedExceptions(
  tx: Tx,
  c: Committed,
  now = new Date(),
): Promise<ExceptionStep[]> {
  const cleared = clearedConditions(c);
  if (!cleared) return [];
  const fresh = c.exceptions.map((e) => e.id);
  const changed = await tx
    .update(exceptions)
    .set({ state: 'resolved', resolvedBy: RESOLVED_BY_SYSTEM, resolvedAt: now })
    .where(
      and(
        eq(exceptions.orgId, c.orgId),
        ne(exceptions.state, 'resolved'),
        fresh.length ? notInArray(exceptions.id, fresh) : undefined,
        cleared,
      ),
    )
    .returning({ id: exceptions.id });
  if (!changed.length) return [];
  const records = await repo.findExceptions(
    tx,
    c.orgId,
    changed.map((r) => r.id),
  );
  const steps = records.map((record): ExceptionStep => ({ change: 'resolved', record }));
  const at = now.getTime();
  const workerSet = await exceptionWorkers(tx, c.orgId, steps);
  c.followUps = [...(c.followUps ?? []), ...steps.map((s) => liveExceptionChange(c.orgId, s, at, workerSet))];
  return steps;
}
