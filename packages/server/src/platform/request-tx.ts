/**
 * One transaction per audited request: the app's `db` (AppContext) is a view that, inside such a
 * request, runs every query in the request's transaction, so the change and the audit row that
 * records it commit together (features/audit/recorder.ts) without any service passing a
 * transaction along. A `db.transaction()` inside becomes a savepoint. Outside a request (jobs,
 * ingest, background work) the view is the database itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../db/client.js';

interface RequestScope {
  /** Unset once the transaction ended: work the request left running falls back to the database. */
  tx: Tx | undefined;
  /** Run once the transaction committed; dropped when it rolls back. */
  afterCommit: (() => unknown)[];
  /** The audit rows the route described itself (`describeChanges`), if it did. */
  described?: DescribedChange[];
}

/** One record's change as a route describes it for the audit trail. */
export interface DescribedChange {
  resourceId: string;
  siteId: string | null;
  /** `{ field: [before, after] }`, and plain values that name the record. */
  changes: Record<string, unknown>;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The transaction of the request being served, if it has one. */
export const requestTransaction = (): Tx | undefined => scope.getStore()?.tx;

/** `db`, seen through the request's transaction when there is one. */
export function requestScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const base = (scope.getStore()?.tx ?? target) as Db;
      const value: unknown = Reflect.get(base, property);
      return typeof value === 'function' ? value.bind(base) : value;
    },
  });
}

/**
 * Runs `work` in one transaction of `db` (the database itself, not the scoped view) that every
 * query made through the scoped view during it joins.
 */
export async function inRequestTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const store: RequestScope = { tx: undefined, afterCommit: [] };
  const result = await db.transaction(async (tx) => {
    store.tx = tx;
    try {
      return await scope.run(store, () => work(tx));
    } finally {
      store.tx = undefined;
    }
  });
  for (const run of store.afterCommit.splice(0)) run();
  return result;
}

/**
 * Runs `effect` (a live message: what nobody may see unless it is stored) once the request's
 * transaction committed, and never when it rolls back; at once outside a request's transaction.
 * Effects are best effort: they must not throw.
 */
export function afterCommit(effect: () => unknown): void {
  const store = scope.getStore();
  if (store?.tx) store.afterCommit.push(effect);
  else effect();
}

/**
 * A route that changes many records at once describes each record's change itself; the audit
 * recorder writes one row per record from these instead of one row of the route's answer.
 */
export function describeChanges(changes: readonly DescribedChange[]): void {
  const store = scope.getStore();
  if (!store?.tx) return;
  store.described = [...(store.described ?? []), ...changes];
}

/** The changes the request's route described, if it did. */
export const describedChanges = (): readonly DescribedChange[] | undefined => scope.getStore()?.described;
