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
export function inRequestTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const store: RequestScope = { tx };
    try {
      return await scope.run(store, () => work(tx));
    } finally {
      store.tx = undefined;
    }
  });
}
