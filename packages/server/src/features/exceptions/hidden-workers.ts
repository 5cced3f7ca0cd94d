/**
 * Exceptions where a site hides its workers (the setting hideWorkers): an exception whose thing is
 * a worker, or whose things are all workers, is not there at all (the lists leave it out with
 * `notAWorker` / `notOnlyWorkers`, a read by id answers 404); one that lists workers among other
 * things is answered without them — its `multipleThings` and its detail's `things` name no worker.
 */
import type { ExceptionRecord } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import { workerIds } from '../things/filters.js';

/** The records without the workers among their `multipleThings` (one query for the lot). */
export async function withoutWorkers<T extends ExceptionRecord>(
  db: Tx,
  orgId: string,
  records: readonly T[],
): Promise<T[]> {
  const workers = await workerIds(
    db,
    orgId,
    records.flatMap((r) => r.multipleThings),
  );
  if (!workers.size) return [...records];
  return records.map((r) => ({ ...r, multipleThings: r.multipleThings.filter((id) => !workers.has(id)) }));
}

/** Whether a record is about workers only: its thing is one, or every one of its things is. */
export async function aboutWorkersOnly(db: Tx, orgId: string, record: ExceptionRecord): Promise<boolean> {
  if (record.thingClass === 'worker') return true;
  if (!record.multipleThings.length) return false;
  const workers = await workerIds(db, orgId, record.multipleThings);
  return record.multipleThings.every((id) => workers.has(id));
}

/** The ids of the records about workers only (as `aboutWorkersOnly`), one query for the lot. */
export async function aboutWorkersOnlyAmong(
  db: Tx,
  orgId: string,
  records: readonly ExceptionRecord[],
): Promise<Set<string>> {
  const workers = await workerIds(
    db,
    orgId,
    records.flatMap((r) => r.multipleThings),
  );
  const only = (r: ExceptionRecord) =>
    r.thingClass === 'worker' ||
    (r.multipleThings.length > 0 && r.multipleThings.every((id) => workers.has(id)));
  return new Set(records.filter(only).map((r) => r._id));
}
