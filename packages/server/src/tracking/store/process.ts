/**
 * The tracking engine's DB layer: one transaction per batch (or per group of reader batches, see
 * group.ts), serialised per organization by an advisory lock (so N instances ingesting for one
 * site at once stay consistent), one load statement, the pure engine, a handful of bulk writes,
 * the store's before-COMMIT hooks (store.ts), COMMIT, then live messages and mails.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { organizationLockKeys } from '../../db/locks.js';
import {
  type EngineOutput,
  type EngineSighting,
  type EpochMs,
  processBatch,
  type ThingState,
} from '../engine/index.js';
import { type ConfigCache, configCacheOf } from './config.js';
import { type KeptChange, type KeptSlot, type KeptState, keptRead, withKept } from './kept-state.js';
import { type Directory, type Loaded, loadBatch } from './load.js';
import { lockPartition, type PartitionLock, PartitionMismatch, partitionOf } from './partitions.js';
import { type Committed, publishCommitted } from './publish.js';
import type { StoredSighting } from './sightings.js';
import { optionsOf, outletsOf, runBeforeCommit, type StoreOptions, type TrackingStore } from './store.js';
import { type EndpointWrite, writeEvents, writeRest } from './write-events.js';
import { lockTags, StaleStateError, writeLocationTags, writeThings } from './write-things.js';

/** The endpoint a batch came from (authenticated by the ingest route). */
export interface BatchEndpoint {
  id: string;
  orgId: string;
}

/** The instance's configuration cache for a store call, unless the options turn it off. */
export function configCacheFor(db: Db, options: StoreOptions): ConfigCache | undefined {
  return options.keepConfig === false ? undefined : configCacheOf(db);
}

export interface BatchResult {
  output: EngineOutput;
  committed: Committed;
  /** A keeping batch's change, for its partition's kept state once committed (kept-state.ts). */
  kept?: KeptChange;
}

/** A batch applied by the keeping ingest: its partition's kept state at this instance. */
export interface Keeping {
  slot: KeptSlot;
  partition: number;
}

const ATTEMPTS = 3;

/** Serialises the organization's tracking writers (ingest, manual moves, scheduled kills) until COMMIT. */
export async function lockOrganization(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${organizationLockKeys(orgId)})`);
}

/** A deadlock PostgreSQL broke by aborting this transaction (SQLSTATE 40P01): safe to run again. */
function isDeadlock(err: unknown): boolean {
  const code = (e: unknown) =>
    typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return code(err) === '40P01' || code((err as { cause?: unknown } | undefined)?.cause) === '40P01';
}

/** One transaction of `inOrgTransaction`. */
export interface OrgTransaction<T, P> {
  orgId: string;
  /** The time the change is published with. */
  now: EpochMs;
  /** Over the store's defaults. */
  options?: StoreOptions;
  /** Runs under the lock; what it returns with `committed` is written through the hooks and published. */
  work: (tx: Tx, prelude: P) => Promise<T>;
  /**
   * Runs first in the same transaction, outside the lock: work that needs no serialisation (the
   * raw sightings log) overlaps another batch's locked section. Its result is `work`'s `prelude`.
   */
  beforeLock?: (tx: Tx) => Promise<P>;
  /** Called once this transaction holds the lock (group.ts starts the next group's pre-lock work then). */
  onLocked?: () => void;
  /**
   * Called when an attempt rolled back and the transaction runs again: its lock is free meanwhile,
   * and a transaction that took it must not wait for this one (group.ts).
   */
  onRetry?: () => void;
  /** Hold the organization lock shared and this partition's lock (partitions.ts) instead of the organization lock alone. */
  partition?: PartitionLock;
  /** Called with the result as soon as the transaction has committed, before its publishing. */
  afterCommit?: (result: T) => void;
}

/**
 * Runs `work` in a transaction under the organization lock (retried on stale state or deadlock),
 * runs the store's before-COMMIT hooks on what it committed, then publishes it.
 */
export async function inOrgTransaction<T extends { committed?: Committed }, P = undefined>(
  store: TrackingStore,
  run: OrgTransaction<T, P>,
): Promise<T> {
  const { db } = store;
  const { orgId, now, work, beforeLock, onLocked, onRetry, partition, afterCommit } = run;
  const options = optionsOf(store, run.options);
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const prelude = (beforeLock ? await beforeLock(tx) : undefined) as P;
        if (partition) await lockPartition(tx, orgId, partition);
        else await lockOrganization(tx, orgId);
        onLocked?.();
        const done = await work(tx, prelude);
        if (done.committed) await runBeforeCommit(store, tx, done.committed);
        return done;
      });
      afterCommit?.(result);
      if (result.committed) {
        const published = publishCommitted(outletsOf(store, options), result.committed, now);
        if (options.awaitPublish) await published;
      }
      return result;
    } catch (err) {
      if (!(err instanceof StaleStateError || isDeadlock(err)) || attempt >= ATTEMPTS) throw err;
      options.log?.warn({ err, attempt }, 'tracking batch retried');
      onRetry?.();
    }
  }
}

/** Writes an engine output in one round of bulk statements. */
export async function writeOutput(
  tx: Tx,
  orgId: string,
  output: EngineOutput,
  endpoints: EndpointWrite[],
  now: EpochMs,
  before?: ReadonlyMap<string, ThingState>,
  keeping = false,
): Promise<Pick<Committed, 'eventIds' | 'exceptions'>> {
  await lockTags(tx, orgId, [
    ...output.newThings.map((t) => t.tag),
    ...output.newLocationTags.map((l) => l.tag),
  ]);
  await writeLocationTags(tx, orgId, output.newLocationTags);
  await writeThings(tx, orgId, output, new Date(now).toISOString(), before);
  // A kept open event merged into must still be stored (a purge or a removal may have deleted it).
  const eventIds = await writeEvents(tx, orgId, output.events, keeping);
  const exceptions = await writeRest(tx, orgId, output.zoneStays, endpoints, output.exceptions, now);
  return { eventIds, exceptions };
}

/** Names of what the batch created, for its live messages (the kept configuration's stay as they are). */
function learnNames(directory: Directory, output: EngineOutput): Directory {
  for (const t of output.newThings) directory.thingNames.set(t.id, t.name);
  if (!output.newLocationTags.length) return directory;
  const locationTagNames = new Map(directory.locationTagNames);
  for (const l of output.newLocationTags) locationTagNames.set(l.id, l.name);
  return { ...directory, locationTagNames };
}

/** Stored sightings of one endpoint, to apply. */
export interface StoredBatch {
  endpoint: BatchEndpoint;
  stored: readonly StoredSighting[];
  /** Counts as the endpoint's sign of life (default true; one part of a split batch carries it). */
  heartbeat?: boolean;
}

/**
 * Applies stored sightings of one endpoint inside the caller's transaction (organization locked),
 * with the configuration of `cache` when it is current (none: read in this transaction).
 */
function applySightings(
  tx: Tx,
  endpoint: BatchEndpoint,
  stored: readonly StoredSighting[],
  now: EpochMs,
  options: StoreOptions = {},
  cache?: ConfigCache,
): Promise<BatchResult | undefined> {
  return applyBatches(tx, endpoint.orgId, [{ endpoint, stored }], now, options, undefined, cache);
}

/**
 * Applies the stored sightings of one or more batches of one organization as ONE engine batch
 * (one load, one round of writes) inside the caller's transaction (organization locked). The
 * engine orders them by time, as it orders one reader's batch; every batch's endpoint counts the
 * ingest as a sign of life. `cache`: the instance's kept configurations (config.ts).
 */
export async function applyBatches(
  tx: Tx,
  orgId: string,
  batches: readonly StoredBatch[],
  now: EpochMs,
  options: StoreOptions = {},
  partition?: PartitionLock,
  cache?: ConfigCache,
  keeping?: Keeping,
): Promise<BatchResult | undefined> {
  const sources = [...new Set(batches.map((b) => b.endpoint.id))];
  const beating = new Set(batches.filter((b) => b.heartbeat !== false).map((b) => b.endpoint.id));
  const beats = (): EndpointWrite[] =>
    [...beating].sort().map((endpointId) => ({ endpointId, locationTagId: null, heartbeat: true }));
  const sightings: EngineSighting[] = [];
  for (const { endpoint, stored } of batches) {
    for (const s of stored) sightings.push({ ...s, endpointId: endpoint.id });
  }
  if (!sightings.length) {
    await writeRest(tx, orgId, [], beats(), [], now);
    return undefined;
  }
  const tags = [...new Set(sightings.map((s) => s.tag))];
  const base = keeping?.slot.current;
  const kept = keeping && {
    partition: keeping.partition,
    base,
    missing: base ? tags.filter((t) => !base.tags.has(t)) : tags,
  };
  const loaded = await loadBatch(tx, orgId, sources, tags, {
    cache,
    partitionKeys: partition !== undefined,
    kept,
  });
  const read =
    kept &&
    keptRead(
      loaded.read,
      loaded.state,
      loaded.directory.thingNames,
      loaded.directory.workers,
      loaded.partitionKeys,
    );
  if (base && loaded.keptValid) fillFromKept(loaded, base, tags);
  if (partition) inPartition(loaded, sources, tags, partition);
  const { output, state: next } = processBatch(loaded.model, loaded.state, sightings, now, {
    mergeWindowMs: options.mergeWindowMs,
  });
  if (partition) staysInPartition(loaded, output);
  const located = new Set(output.endpointLocations.map((l) => l.endpointId));
  const endpoints: EndpointWrite[] = [
    ...output.endpointLocations.map((l) => ({
      endpointId: l.endpointId,
      locationTagId: l.locationTagId,
      heartbeat: beating.has(l.endpointId),
    })),
    ...beats().filter((b) => !located.has(b.endpointId)),
  ];
  // In a partition, a thing is updated only if no other writer changed it since the load.
  const written = await writeOutput(
    tx,
    orgId,
    output,
    endpoints,
    now,
    partition && loaded.state.things,
    keeping !== undefined,
  );
  const directory = learnNames(loaded.directory, output);
  const committed: Committed = { orgId, messages: output.messages, directory, ...written };
  if (!keeping || !read) return { output, committed };
  return {
    output,
    committed,
    kept: {
      base: loaded.keptValid ? base : undefined,
      orgVersion: loaded.stateVersion,
      version: await bumpKeptVersion(tx, orgId, keeping.partition),
      loaded: read,
      things: output.things,
      newThings: output.newThings,
      openEvents: next.openEvents,
      eventIds: written.eventIds,
    },
  };
}

/** The keeping batch's mark on its partition: the version its kept state will remember. */
async function bumpKeptVersion(tx: Tx, orgId: string, partition: number): Promise<number> {
  const [row] = await rows<{ version: string | number }>(
    tx,
    sql`INSERT INTO tracking_state_versions (org_id, partition, version) VALUES (${orgId}, ${partition}, 1)
      ON CONFLICT (org_id, partition) DO UPDATE SET version = tracking_state_versions.version + 1
      RETURNING version`,
  );
  return Number(row?.version);
}

/** The batch's state: what the load read of the tags the kept state did not know, and the rest from it. */
function fillFromKept(loaded: Loaded, base: KeptState, tags: readonly string[]): void {
  const missing = new Set(loaded.read);
  const things = new Map(loaded.state.things);
  const tagMap = new Map(loaded.state.tags);
  const openEvents = new Map(loaded.state.openEvents);
  const workers = new Set(loaded.directory.workers);
  const partitionKeys = new Map(loaded.partitionKeys ?? []);
  withKept(
    base,
    tags.filter((t) => !missing.has(t)),
    { things, tags: tagMap, openEvents, thingNames: loaded.directory.thingNames, workers, partitionKeys },
  );
  loaded.state = { things, tags: tagMap, openEvents };
  loaded.directory = { ...loaded.directory, workers };
  if (loaded.partitionKeys) loaded.partitionKeys = partitionKeys;
}

/** Under a partition lock: every tag of the batch must still be this partition's (routing was before the lock). */
function inPartition(
  loaded: Loaded,
  sources: readonly string[],
  tags: readonly string[],
  lock: PartitionLock,
) {
  for (const id of sources) {
    if (loaded.model.endpoints.get(id)?.autoEnrollLocations)
      throw new PartitionMismatch('a survey-mode endpoint');
  }
  for (const tag of tags) {
    if (loaded.model.locationTags.has(tag)) throw new PartitionMismatch('a location tag');
    const thingId = loaded.state.tags.get(tag);
    const key = thingId === undefined ? tag : (loaded.partitionKeys?.get(thingId) ?? tag);
    if (partitionOf(key, lock.partitions) !== lock.partition) throw new PartitionMismatch('a tag moved');
  }
}

/** What the engine decided must stay inside the partition: no endpoint location, no kill releasing children. */
function staysInPartition(loaded: Loaded, output: EngineOutput) {
  if (output.endpointLocations.length || output.newLocationTags.length) {
    throw new PartitionMismatch('an endpoint location');
  }
  if (output.things.some((t) => t.deleted && loaded.state.things.get(t.id)?.deleted === false)) {
    throw new PartitionMismatch('a kill');
  }
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  /** What the transaction that applied the batch committed (with group commit: the whole group's). */
  committed?: Committed;
  output?: EngineOutput;
}

/** Applies sightings already in the log (e.g. replayed), in its own transaction. */
export async function processSightings(
  store: TrackingStore,
  endpoint: BatchEndpoint,
  stored: readonly StoredSighting[],
  now: EpochMs,
  callOptions: StoreOptions = {},
): Promise<BatchResult | undefined> {
  const options = optionsOf(store, callOptions);
  const result = await inOrgTransaction(store, {
    orgId: endpoint.orgId,
    now,
    options,
    work: async (tx) => {
      const applied = await applySightings(
        tx,
        endpoint,
        stored,
        now,
        options,
        configCacheFor(store.db, options),
      );
      return { applied, committed: applied?.committed };
    },
  });
  return result.applied;
}
