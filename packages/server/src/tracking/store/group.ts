/**
 * Group commit for reader batches. Every batch of an organization runs under the organization
 * lock, so batches of one organization never overlap; instead of handing the lock from batch to
 * batch, an instance runs ONE transaction per organization at a time, and the batches that arrive
 * meanwhile wait and then go together into the next one: one insert, one load, one engine run,
 * one round of writes, one COMMIT and one live publish for the whole group.
 *
 * What a reader relies on does not change: each request is answered only after the COMMIT that
 * stored its sightings, with its own `accepted`/`duplicates` (a sighting repeated in a later batch
 * of the group is that batch's duplicate, as if the batches had run one after the other); batches
 * are validated before they queue, and if a group's transaction fails, its batches run again one
 * by one, so one batch that cannot be stored fails only its own request. Other instances' groups
 * wait for the organization lock like any transaction of the organization.
 *
 * With K > 1 ingest partitions (partitions.ts) a batch is first routed and split by partition;
 * each part joins its partition's group (a queue per organization and partition, each pipelined
 * as above), and the request is answered when every part is committed, with the parts' counts
 * added up. A batch that spans things (location tags, survey mode) joins the organization's
 * spanning group, which takes the organization lock exclusively.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Db, Tx } from '../../db/client.js';
import type { EpochMs } from '../engine/index.js';
import type { NormalizedSighting } from '../formats/index.js';
import { keptSlotOf, settleKept } from './kept-state.js';
import { forgetRoutes, type PartitionLock, PartitionMismatch, routeBatch } from './partitions.js';
import {
  applyBatches,
  type BatchEndpoint,
  configCacheFor,
  type IngestResult,
  inOrgTransaction,
} from './process.js';
import { insertSightingBatches, type StoredSighting } from './sightings.js';
import { optionsOf, type StoreOptions, type TrackingStore } from './store.js';

/** A group stops growing at this many sightings (bounds one transaction's size and latency). */
const GROUP_MAX_SIGHTINGS = 10_000;
/** Longest a partition's transaction waits for the previous one's kept state to settle. */
const SETTLE_WAIT_MS = 50;

interface Pending {
  store: TrackingStore;
  endpoint: BatchEndpoint;
  batch: readonly NormalizedSighting[];
  now: EpochMs;
  /** The call's options over the store's defaults. */
  options: StoreOptions;
  /** The partition this part of a batch belongs to; none = the organization lock (K = 1, or spanning). */
  lock?: PartitionLock;
  /** False for the parts of a split batch other than its first (one heartbeat per batch). */
  heartbeat: boolean;
  resolve: (result: IngestResult) => void;
  reject: (err: unknown) => void;
}

/** Batches waiting per organization (and partition), per database (one database handle = one instance). */
const queues = new WeakMap<Db, Map<string, Pending[]>>();

/**
 * Stores a reader's batch and applies it: the answer (after COMMIT) means both the raw
 * sightings and their effects are durable; a retried batch finds its sightings stored and changes
 * nothing. Joins the organization's next group when a transaction of the organization is running
 * at this instance.
 */
export function ingestSightings(
  store: TrackingStore,
  endpoint: BatchEndpoint,
  batch: readonly NormalizedSighting[],
  now: EpochMs,
  callOptions: StoreOptions = {},
): Promise<IngestResult> {
  const options = optionsOf(store, callOptions);
  const partitions = options.partitions ?? 1;
  const base = { store, endpoint, batch, now, options, heartbeat: true };
  if (partitions <= 1) return enqueue(store.db, endpoint.orgId, base);
  return ingestPartitioned(store.db, base, partitions);
}

/**
 * Several endpoints' sightings and `alongside`'s writes in ONE transaction under the organization
 * lock (exclusive, so no partition's group runs meanwhile): all of them commit, or none does. It
 * joins no group, so no other request's batch shares its transaction or its failure. For callers
 * that must store a whole request or nothing (EPCIS capture). Retried like every tracking
 * transaction, so `alongside` may run more than once (each run rolled back but the last).
 */
export async function ingestTogether(
  store: TrackingStore,
  orgId: string,
  batches: readonly { endpoint: BatchEndpoint; batch: readonly NormalizedSighting[] }[],
  now: EpochMs,
  alongside: (tx: Tx) => Promise<void>,
  callOptions: StoreOptions = {},
): Promise<void> {
  const options = optionsOf(store, callOptions);
  await inOrgTransaction(store, {
    orgId,
    now,
    options,
    beforeLock: (tx) =>
      insertSightingBatches(
        tx,
        batches.map((b) => ({ endpointId: b.endpoint.id, batch: b.batch })),
      ),
    work: async (tx, stored: StoredSighting[][]) => {
      await alongside(tx);
      const applied = await applyBatches(
        tx,
        orgId,
        batches.map((b, i) => ({ endpoint: b.endpoint, stored: stored[i] ?? [] })),
        now,
        options,
        undefined,
        configCacheFor(store.db, options),
      );
      return { committed: applied?.committed };
    },
  });
}

type Part = Omit<Pending, 'resolve' | 'reject'>;

/** Joins the group of `key` (organization, or organization and partition) at this instance. */
function enqueue(db: Db, key: string, part: Part): Promise<IngestResult> {
  let orgs = queues.get(db);
  if (!orgs) {
    orgs = new Map();
    queues.set(db, orgs);
  }
  const waiting = orgs.get(key);
  return new Promise<IngestResult>((resolve, reject) => {
    const pending: Pending = { ...part, resolve, reject };
    if (waiting) {
      waiting.push(pending); // a transaction of this organization is running: join the next group
      return;
    }
    orgs.set(key, []);
    void drain(db, orgs, key, [pending]);
  });
}

/** Routes the batch (partitions.ts), applies its parts in their partitions' groups, adds up the answers. */
async function ingestPartitioned(db: Db, base: Part, partitions: number): Promise<IngestResult> {
  const { endpoint, batch } = base;
  const route = batch.length
    ? await routeBatch(db, endpoint.orgId, endpoint.id, batch, partitions)
    : { span: false as const, parts: new Map([[0, [...batch]]]) };
  if (route.span) return enqueue(db, `${endpoint.orgId}\u0000*`, base);
  const parts = [...route.parts].sort(([a], [b]) => a - b);
  const results = await Promise.all(
    parts.map(([partition, sightings], i) =>
      enqueue(db, `${endpoint.orgId}\u0000${partition}`, {
        ...base,
        batch: sightings,
        heartbeat: i === 0,
        lock: { partition, partitions },
      }),
    ),
  );
  const [first] = results;
  return {
    accepted: results.reduce((n, r) => n + r.accepted, 0),
    duplicates: results.reduce((n, r) => n + r.duplicates, 0),
    committed: first?.committed,
    output: first?.output,
  };
}

/**
 * Runs groups until the organization's queue is empty, then forgets the organization. Pipelined:
 * once a group's transaction holds the organization lock, the next group (the batches waiting by
 * then) starts its own transaction and does its pre-lock work (the sightings insert), then waits
 * for the lock in PostgreSQL; batches arriving meanwhile form the group after it. So at most two
 * transactions of the organization run at this instance, and only one of them holds the lock.
 */
async function drain(db: Db, orgs: Map<string, Pending[]>, key: string, first: Pending[]): Promise<void> {
  let group = first;
  while (group.length) {
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const done = runGroup(db, group, locked);
    await Promise.race([holding, done]);
    group = takeGroup(orgs.get(key) ?? []);
    if (!group.length) {
      await done;
      group = takeGroup(orgs.get(key) ?? []);
    }
  }
  orgs.delete(key);
}

/** Removes and returns the next group: the oldest batch and the later ones that can share its transaction. */
function takeGroup(waiting: Pending[]): Pending[] {
  const [head] = waiting;
  if (!head) return [];
  const group: Pending[] = [];
  let size = 0;
  for (let i = 0; i < waiting.length; ) {
    const p = waiting[i] as Pending;
    if (group.length && (!compatible(head, p) || size + p.batch.length > GROUP_MAX_SIGHTINGS)) {
      i++;
      continue;
    }
    group.push(p);
    size += p.batch.length;
    waiting.splice(i, 1);
  }
  return group;
}

/** Batches share a transaction only when they would be processed and published the same way. */
function compatible(a: Pending, b: Pending): boolean {
  return (
    a.store === b.store &&
    a.options.mergeWindowMs === b.options.mergeWindowMs &&
    a.options.publicUrl === b.options.publicUrl &&
    Boolean(a.options.awaitPublish) === Boolean(b.options.awaitPublish)
  );
}

/** One transaction for the group; if it fails, each batch alone (so a bad batch fails only itself). */
async function runGroup(db: Db, group: Pending[], onLocked: () => void): Promise<void> {
  try {
    const results = await applyGroup(db, group, onLocked);
    for (const [i, p] of group.entries()) p.resolve(results[i] as IngestResult);
  } catch (err) {
    if (group.length === 1) {
      group[0]?.reject(err);
      return;
    }
    group[0]?.options.log?.warn(
      { err, batches: group.length },
      'tracking group failed; applying its batches one by one',
    );
    for (const p of group) {
      try {
        // Keeping no state: the next group may have asked for the lock before this batch did.
        const [result] = await applyGroup(db, [p], undefined, false);
        p.resolve(result as IngestResult);
      } catch (single) {
        p.reject(single);
      }
    }
  }
}

/**
 * `keep`: whether the group may keep its partition's state. Only a group started in its queue's
 * order may: a kept state's transaction waits, under the lock, for the partition's previous one
 * here, which must therefore have asked for the lock first.
 */
async function applyGroup(
  db: Db,
  group: readonly Pending[],
  onLocked?: () => void,
  keep = true,
): Promise<IngestResult[]> {
  const lock = group[0]?.lock;
  // One partition (the organization lock alone): its state is kept as partition 0's.
  if (!lock)
    return applyGroupLocked(db, group, onLocked, undefined, keep && (group[0]?.options.partitions ?? 1) <= 1);
  try {
    return await applyGroupLocked(db, group, onLocked, lock, keep);
  } catch (err) {
    if (!(err instanceof PartitionMismatch)) throw err;
    // Rolled back: the group runs again under the exclusive organization lock (rare: an edit or a kill).
    forgetRoutes(group[0]?.endpoint.orgId ?? '');
    group[0]?.options.log?.info(
      { reason: err.message },
      'ingest partition group needs the organization lock',
    );
    return applyGroupLocked(db, group, onLocked);
  }
}

/**
 * The group's transaction. `keep`: the partition's state is kept at this instance between its
 * transactions (kept-state.ts); a group under the exclusive organization lock for a partitioned
 * organization keeps nothing (its writes, like any other writer's, make every kept state stale).
 */
async function applyGroupLocked(
  db: Db,
  group: readonly Pending[],
  onLocked?: () => void,
  lock?: PartitionLock,
  keep = false,
): Promise<IngestResult[]> {
  const head = group[0];
  if (!head) return [];
  const { endpoint, store, options } = head;
  // The group's time is its latest request's (every member's `now` is when it was received).
  const now = Math.max(...group.map((p) => p.now));
  const keeping =
    keep && options.keepState !== false
      ? { slot: keptSlotOf(db, endpoint.orgId, lock?.partition ?? 0), partition: lock?.partition ?? 0 }
      : undefined;
  const previous = keeping?.slot.settled;
  let settle = () => {};
  if (keeping) {
    keeping.slot.settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
  }
  try {
    const results = await inOrgTransaction(store, {
      orgId: endpoint.orgId,
      now,
      options,
      work: async (tx, stored: StoredSighting[][]) => {
        // The partition's previous transaction here has committed (this one holds the lock): its
        // kept state settles at once. Waiting is bounded: should the two have taken the lock in
        // the other order, this batch goes on and finds the kept state stale (it reads everything).
        if (previous) await Promise.race([previous, delay(SETTLE_WAIT_MS)]);
        const batches = group.map((p, i) => ({
          endpoint: p.endpoint,
          stored: stored[i] ?? [],
          heartbeat: p.heartbeat,
        }));
        const cache = configCacheFor(db, options);
        try {
          const applied = await applyBatches(tx, endpoint.orgId, batches, now, options, lock, cache, keeping);
          const results = group.map(
            (p, i): IngestResult => ({
              accepted: stored[i]?.length ?? 0,
              duplicates: p.batch.length - (stored[i]?.length ?? 0),
              committed: applied?.committed,
              output: applied?.output,
            }),
          );
          return Object.assign(results, { committed: applied?.committed, kept: applied?.kept });
        } catch (err) {
          // Rolled back: the kept state may be what failed (a stale one raises StaleStateError).
          if (keeping) keeping.slot.current = undefined;
          throw err;
        }
      },
      // The durable log needs no lock: its unique key settles concurrent copies of a batch.
      beforeLock: (tx) =>
        insertSightingBatches(
          tx,
          group.map((p) => ({ endpointId: p.endpoint.id, batch: p.batch })),
        ),
      onLocked,
      // Rolled back, this transaction asks for the lock again behind the next one: that one goes on
      // without waiting for it (a kept state it does not find settled is read again).
      onRetry: () => settle(),
      partition: lock,
      afterCommit: (done) => {
        if (keeping && done.kept) settleKept(keeping.slot, done.kept);
        settle();
      },
    });
    return results;
  } catch (err) {
    if (keeping) keeping.slot.current = undefined;
    throw err;
  } finally {
    settle();
  }
}
