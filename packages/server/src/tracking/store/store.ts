/**
 * The tracking store: what every tracking transaction needs, made once per app (app.ts) and
 * passed to ingest, manual moves and the tracking jobs. Its hooks are how the layers above take
 * part in a tracking transaction without tracking importing them: app.ts lists them when it
 * creates the store (the webhooks' outbox is one).
 */
import type { Db, Tx } from '../../db/client.js';
import type { LiveBus } from '../../platform/live.js';
import type { Mailer } from '../../platform/mail.js';
import type { Committed, Outlets } from './publish.js';

/**
 * Work run inside every tracking transaction that committed a change, after its writes and before
 * its COMMIT: it commits with the change or rolls back with it. A hook that throws fails the
 * transaction (retried like any other failure).
 */
type BeforeCommitHook = (tx: Tx, committed: Committed) => Promise<unknown>;

export interface TrackingHooks {
  /** Run one after the other, in this order. */
  beforeCommit?: readonly BeforeCommitHook[];
  /** How a mail names a thing (a worker's pseudonym where its site makes workers pseudonymous). */
  mailThingName?: Outlets['mailThingName'];
  /** The site's time zone, for the times in mails. */
  siteTimeZone?: Outlets['siteTimeZone'];
}

export interface StoreOptions {
  log?: Outlets['log'];
  /** For links in exception mails. */
  publicUrl?: string;
  mergeWindowMs?: number;
  /** Wait for live messages and mails before resolving (tests, scripts). Default: fire and forget. */
  awaitPublish?: boolean;
  /** Ingest partitions per organization (partitions.ts); default 1, the organization lock alone. */
  partitions?: number;
  /**
   * Keep the organization's configuration in memory between batches (config.ts). Default true;
   * false reads it in every batch (for the benchmarks' A/B pairs: `bench/stages.ts --reload-config`).
   */
  keepConfig?: boolean;
  /**
   * Keep each ingest partition's engine state in memory between its batches (kept-state.ts).
   * Default true; false reads it in every batch (`INGEST_KEEP_STATE=false`, and the benchmarks' A/B pairs).
   */
  keepState?: boolean;
}

export interface TrackingStore {
  readonly db: Db;
  /** Where committed changes are published. */
  readonly live: LiveBus;
  /** Zone time exception mails (none: not mailed). */
  readonly mailer: Mailer | undefined;
  readonly hooks: TrackingHooks;
  /** What every call's options start from (the server's log, public URL and partitions); a call's own win. */
  readonly defaults: StoreOptions;
}

export function createTrackingStore(parts: {
  db: Db;
  live: LiveBus;
  mailer?: Mailer;
  hooks?: TrackingHooks;
  defaults?: StoreOptions;
}): TrackingStore {
  return {
    db: parts.db,
    live: parts.live,
    mailer: parts.mailer,
    hooks: parts.hooks ?? {},
    defaults: parts.defaults ?? {},
  };
}

/** A call's options over the store's defaults. */
export const optionsOf = (store: TrackingStore, options: StoreOptions = {}): StoreOptions => ({
  ...store.defaults,
  ...options,
});

/** Where a committed change of this call goes. */
export const outletsOf = (store: TrackingStore, options: StoreOptions): Outlets => ({
  live: store.live,
  mailer: store.mailer,
  log: options.log,
  publicUrl: options.publicUrl,
  mailThingName: store.hooks.mailThingName,
  siteTimeZone: store.hooks.siteTimeZone,
});

/** Runs the store's before-COMMIT hooks for a committed change, in order. */
export async function runBeforeCommit(store: TrackingStore, tx: Tx, committed: Committed): Promise<void> {
  for (const hook of store.hooks.beforeCommit ?? []) await hook(tx, committed);
}

declare module '../../platform/context.js' {
  interface AppContext {
    /** The tracking store, created once by app.ts with its hooks. */
    tracking: TrackingStore;
  }
}
