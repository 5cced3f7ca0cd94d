/**
 * The engine state of an ingest partition — its things, which thing holds each tag, each tag's
 * open event — kept in memory by the instance that ingests for it, so a batch reads from the
 * database only the tags this instance has not seen (docs/decisions/0428-ingest-state-kept-by-its-writer.md).
 *
 * - The keeping ingest writes every change in its own transaction, as before (write-behind in the
 *   batch's transaction: what is acknowledged is durable), and then bumps the partition's row in
 *   `tracking_state_versions` under the partition's lock; after COMMIT the kept state takes the
 *   batch's changes and remembers the version written.
 * - Every other writer of that state (editors, import, erasure, retention, manual moves, the
 *   tracking jobs, EPCIS captures) bumps `organizations.tracking_state_version` by trigger
 *   (migration 0035).
 * - A batch's load statement reads both versions in the snapshot it reads the state with; unless
 *   both are the ones kept, it reads the whole batch's state and the kept state starts again from
 *   it. So another instance taking over the partition (this one crashed, stopped, or a reader's
 *   batches went elsewhere) simply reads what it needs, and the first instance's next batch sees a
 *   version it did not write.
 * - Nothing is kept across a batch that killed a thing (its children lose the parent in rows the
 *   batch did not load) or one that failed.
 *
 * The kept state takes a batch's change as soon as its COMMIT returns, and the partition's next
 * transaction at this instance, once it holds the lock, waits for that (briefly: COMMIT releases
 * the lock a moment before its answer arrives), unless the previous one rolled back to run again:
 * that one asks for the lock again behind it, so it is not waited for (group.ts). A batch run
 * again alone after its group failed keeps nothing, for the same reason. The wait is bounded
 * besides: one that goes on without it finds a version it does not keep and reads everything, so
 * the wait is for speed, never for correctness.
 */
import type { Db } from '../../db/client.js';
import type { EventWrite, OpenEvent, ThingState } from '../engine/index.js';

/** A kept thing: its engine state and what live messages and partitions need of it. */
interface KeptThing {
  state: ThingState;
  name: string;
  worker: boolean;
  /** Its smallest tag (partitions.ts). */
  partitionKey: string;
}

export interface KeptState {
  /** `organizations.tracking_state_version` in the snapshot this state was read or written in. */
  orgVersion: number;
  /** `tracking_state_versions.version` this instance's last commit of the partition wrote. */
  version: number;
  /** Every tag known: the live thing holding it, or null when none does. */
  tags: Map<string, string | null>;
  things: Map<string, KeptThing>;
  /** The open event of a known tag (none: the tag has no open event). */
  openEvents: Map<string, OpenEvent>;
}

/** A partition's kept state at this instance, and the settling of its last transaction. */
export interface KeptSlot {
  current?: KeptState;
  /** Resolved once the partition's last transaction at this instance has settled `current`. */
  settled: Promise<void>;
}

/**
 * The tags an instance keeps, all its partitions together (about 1 KiB each). Beyond it the least
 * recently used partitions' kept states are dropped and start again from their batches' tags (the
 * readers' working set is read back in a few batches): memory stays bounded whatever the
 * organizations' sizes and the number of partitions.
 */
const KEPT_TAGS_MAX = 200_000;
/** Partitions kept per instance; the least recently used goes first beyond this. */
const KEPT_PARTITIONS_MAX = 1_000;

const slots = new WeakMap<Db, Map<string, KeptSlot>>();

/** The slot of an organization's partition at this instance (one database handle = one instance). */
export function keptSlotOf(db: Db, orgId: string, partition: number): KeptSlot {
  let byPartition = slots.get(db);
  if (!byPartition) {
    byPartition = new Map();
    slots.set(db, byPartition);
  }
  const key = `${orgId}\u0000${partition}`;
  let slot = byPartition.get(key);
  if (slot)
    byPartition.delete(key); // most recently used last
  else slot = { settled: Promise.resolve() };
  byPartition.set(key, slot);
  if (byPartition.size > KEPT_PARTITIONS_MAX) {
    const oldest = byPartition.keys().next();
    if (!oldest.done) byPartition.delete(oldest.value);
  }
  trim(byPartition);
  return slot;
}

/** Drops the least recently used kept states until the instance keeps at most `KEPT_TAGS_MAX` tags. */
function trim(byPartition: Map<string, KeptSlot>): void {
  let total = 0;
  for (const { current } of byPartition.values()) total += current?.tags.size ?? 0;
  for (const kept of byPartition.values()) {
    if (total <= KEPT_TAGS_MAX) return;
    total -= kept.current?.tags.size ?? 0;
    kept.current = undefined;
  }
}

/** What a committed keeping batch read and changed, for its partition's kept state. */
export interface KeptChange {
  /** The kept state the batch used (valid in its snapshot), or none: it read the whole batch. */
  base: KeptState | undefined;
  orgVersion: number;
  /** The partition version the batch wrote. */
  version: number;
  /** What the load read of the tags the batch did not know. */
  loaded: {
    tags: ReadonlyMap<string, string>;
    things: ReadonlyMap<string, KeptThing>;
    openEvents: ReadonlyMap<string, OpenEvent>;
    /** Every tag read (those without a thing or open event included). */
    read: readonly string[];
  };
  /** The engine's things after the batch (changed ones; a deleted one drops everything). */
  things: readonly ThingState[];
  newThings: readonly { id: string; tag: string; name: string; class: string }[];
  /** The engine's open events after the batch, by tag, with the ids the writes gave new ones. */
  openEvents: ReadonlyMap<string, OpenEvent>;
  eventIds: ReadonlyMap<EventWrite, number>;
}

/** The open event as kept: its stored id, none of the write's bookkeeping. */
function keptEvent(event: OpenEvent, eventIds: ReadonlyMap<EventWrite, number>): OpenEvent | undefined {
  const id = event.eventId ?? eventIds.get(event as EventWrite);
  if (id === undefined) return undefined;
  return {
    eventId: id,
    tag: event.tag,
    thingId: event.thingId,
    siteId: event.siteId,
    endpointId: event.endpointId,
    antenna: event.antenna,
    direction: event.direction,
    zoneId: event.zoneId,
    locationTagId: event.locationTagId,
    firstTime: event.firstTime,
    time: event.time,
    repeatCount: event.repeatCount,
    alarmTamper: event.alarmTamper,
    data: event.data,
    rssi: event.rssi,
  };
}

/**
 * After COMMIT: the partition's kept state with the batch's change. A later version kept already
 * (another transaction settled first) wins; a batch that deleted a thing keeps nothing.
 */
export function settleKept(slot: KeptSlot, change: KeptChange): void {
  if (change.things.some((t) => t.deleted)) {
    slot.current = undefined;
    return;
  }
  if (slot.current && slot.current.version > change.version) return;
  const kept: KeptState =
    change.base && slot.current === change.base
      ? change.base
      : { orgVersion: 0, version: 0, tags: new Map(), things: new Map(), openEvents: new Map() };
  kept.orgVersion = change.orgVersion;
  kept.version = change.version;
  for (const tag of change.loaded.read) kept.tags.set(tag, change.loaded.tags.get(tag) ?? null);
  for (const [id, thing] of change.loaded.things) if (!kept.things.has(id)) kept.things.set(id, thing);
  for (const [tag, event] of change.loaded.openEvents) kept.openEvents.set(tag, event);
  const after = new Map(change.things.map((t) => [t.id, t]));
  for (const born of change.newThings) {
    const state = after.get(born.id);
    kept.tags.set(born.tag, state ? born.id : null);
    if (state) {
      kept.things.set(born.id, {
        state,
        name: born.name,
        worker: born.class === 'worker',
        partitionKey: born.tag,
      });
    }
  }
  for (const thing of change.things) {
    const known = kept.things.get(thing.id);
    if (known) known.state = thing;
  }
  for (const [tag, event] of change.openEvents) {
    const stored = keptEvent(event, change.eventIds);
    if (stored) kept.openEvents.set(tag, stored);
    else kept.openEvents.delete(tag);
  }
  slot.current = kept.tags.size > KEPT_TAGS_MAX ? undefined : kept;
}

/** What a load read of the tags a kept state did not know, as the kept state holds it. */
export function keptRead(
  read: readonly string[],
  state: {
    things: ReadonlyMap<string, ThingState>;
    tags: ReadonlyMap<string, string>;
    openEvents: ReadonlyMap<string, OpenEvent>;
  },
  names: ReadonlyMap<string, string>,
  workers: ReadonlySet<string>,
  partitionKeys: ReadonlyMap<string, string> | undefined,
): KeptChange['loaded'] {
  const things = new Map<string, KeptThing>();
  for (const [tag, id] of state.tags) {
    const thing = state.things.get(id);
    if (!thing || things.has(id)) continue;
    things.set(id, {
      state: thing,
      name: names.get(id) ?? '',
      worker: workers.has(id),
      partitionKey: partitionKeys?.get(id) ?? tag,
    });
  }
  return { tags: state.tags, things, openEvents: state.openEvents, read };
}

/** The batch's engine state: what the load read, and the kept state for the tags it knows. */
export function withKept(
  base: KeptState,
  known: readonly string[],
  into: {
    things: Map<string, ThingState>;
    tags: Map<string, string>;
    openEvents: Map<string, OpenEvent>;
    thingNames: Map<string, string>;
    workers: Set<string>;
    partitionKeys: Map<string, string>;
  },
): void {
  for (const tag of known) {
    const id = base.tags.get(tag);
    const event = base.openEvents.get(tag);
    if (event) into.openEvents.set(tag, event);
    const thing = id ? base.things.get(id) : undefined;
    if (!id || !thing) continue;
    into.tags.set(tag, id);
    into.things.set(id, thing.state);
    into.thingNames.set(id, thing.name);
    if (thing.worker) into.workers.add(id);
    into.partitionKeys.set(id, thing.partitionKey);
  }
}
