/**
 * The tracking engine's DB layer: one transaction per batch, serialised per organization by an
 * advisory lock (so N instances ingesting for one site at once stay consistent), one load
 * statement, the pure engine, a handful of bulk writes, COMMIT, then live messages and mails.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { LiveBus } from '../../platform/live.js';
import type { Mailer } from '../../platform/mail.js';
import { type EngineOutput, type EngineSighting, type EpochMs, processBatch } from '../engine/index.js';
import type { NormalizedSighting } from '../formats/index.js';
import { type Directory, loadBatch } from './load.js';
import { type Committed, type Outlets, publishCommitted } from './publish.js';
import { insertSightings, type StoredSighting } from './sightings.js';
import { type EndpointWrite, writeEvents, writeRest } from './write-events.js';
import { lockTags, StaleStateError, writeLocationTags, writeThings } from './write-things.js';

/** The endpoint a batch came from (authenticated by the ingest route). */
export interface BatchEndpoint {
  id: string;
  orgId: string;
}

export interface StoreOptions {
  log?: Outlets['log'];
  /** For links in exception mails. */
  publicUrl?: string;
  mergeWindowMs?: number;
  /** Wait for live messages and mails before resolving (tests, scripts). Default: fire and forget. */
  awaitPublish?: boolean;
}

export interface BatchResult {
  output: EngineOutput;
  committed: Committed;
}

/** Namespace of the organization lock (two-key form: cannot collide with single-key locks). */
const ORG_LOCK_SPACE = 7_245_010;
const ATTEMPTS = 3;

/** Serialises the organization's tracking writers (ingest, manual moves, scheduled kills) until COMMIT. */
export async function lockOrganization(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORG_LOCK_SPACE}, hashtext(${orgId}))`);
}

/** Runs `work` in a transaction under the organization lock (retried on stale state), then publishes. */
export async function inOrgTransaction<T extends { committed?: Committed }>(
  db: Db,
  outlets: Outlets,
  orgId: string,
  now: EpochMs,
  options: StoreOptions,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        await lockOrganization(tx, orgId);
        return work(tx);
      });
      if (result.committed) {
        const published = publishCommitted(outlets, result.committed, now);
        if (options.awaitPublish) await published;
      }
      return result;
    } catch (err) {
      if (!(err instanceof StaleStateError) || attempt >= ATTEMPTS) throw err;
      options.log?.warn({ err, attempt }, 'tracking batch retried');
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
): Promise<Pick<Committed, 'eventIds' | 'exceptions'>> {
  await lockTags(tx, orgId, [
    ...output.newThings.map((t) => t.tag),
    ...output.newLocationTags.map((l) => l.tag),
  ]);
  await writeLocationTags(tx, orgId, output.newLocationTags);
  await writeThings(tx, orgId, output, new Date(now).toISOString());
  const eventIds = await writeEvents(tx, orgId, output.events);
  const exceptions = await writeRest(tx, orgId, output.zoneStays, endpoints, output.exceptions, now);
  return { eventIds, exceptions };
}

/** Names of what the batch created, for its live messages. */
function learnNames(directory: Directory, output: EngineOutput): Directory {
  for (const t of output.newThings) directory.thingNames.set(t.id, t.name);
  const locationTagNames = new Map(directory.locationTagNames);
  for (const l of output.newLocationTags) locationTagNames.set(l.id, l.name);
  return { ...directory, locationTagNames };
}

/** Applies stored sightings of one endpoint inside the caller's transaction (organization locked). */
export async function applySightings(
  tx: Tx,
  endpoint: BatchEndpoint,
  stored: readonly StoredSighting[],
  now: EpochMs,
  options: StoreOptions = {},
): Promise<BatchResult | undefined> {
  const beat: EndpointWrite = { endpointId: endpoint.id, locationTagId: null, heartbeat: true };
  if (!stored.length) {
    await writeRest(tx, endpoint.orgId, [], [beat], [], now);
    return undefined;
  }
  const tags = [...new Set(stored.map((s) => s.tag))];
  const loaded = await loadBatch(tx, endpoint.orgId, endpoint.id, tags);
  const sightings: EngineSighting[] = stored.map((s) => ({ ...s, endpointId: endpoint.id }));
  const { output } = processBatch(loaded.model, loaded.state, sightings, now, {
    mergeWindowMs: options.mergeWindowMs,
  });
  const endpoints: EndpointWrite[] = output.endpointLocations.map((l) => ({
    endpointId: l.endpointId,
    locationTagId: l.locationTagId,
    heartbeat: l.endpointId === endpoint.id,
  }));
  if (!endpoints.some((e) => e.endpointId === endpoint.id)) endpoints.push(beat);
  const written = await writeOutput(tx, endpoint.orgId, output, endpoints, now);
  const directory = learnNames(loaded.directory, output);
  return { output, committed: { orgId: endpoint.orgId, messages: output.messages, directory, ...written } };
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  committed?: Committed;
  output?: EngineOutput;
}

/**
 * Stores a reader's batch and applies it in ONE transaction: the ack (after COMMIT) means both the
 * raw sightings and their effects are durable; a retried batch finds its sightings stored and
 * changes nothing.
 */
export function ingestSightings(
  db: Db,
  live: LiveBus,
  mailer: Mailer | undefined,
  endpoint: BatchEndpoint,
  batch: readonly NormalizedSighting[],
  now: EpochMs,
  options: StoreOptions = {},
): Promise<IngestResult> {
  const outlets: Outlets = { live, mailer, log: options.log, publicUrl: options.publicUrl };
  return inOrgTransaction(db, outlets, endpoint.orgId, now, options, async (tx) => {
    const stored = await insertSightings(tx, endpoint.id, batch);
    const applied = await applySightings(tx, endpoint, stored, now, options);
    return { accepted: stored.length, duplicates: batch.length - stored.length, ...applied };
  });
}

/** Applies sightings already in the log (e.g. replayed), in its own transaction. */
export async function processSightings(
  db: Db,
  live: LiveBus,
  mailer: Mailer | undefined,
  endpoint: BatchEndpoint,
  stored: readonly StoredSighting[],
  now: EpochMs,
  options: StoreOptions = {},
): Promise<BatchResult | undefined> {
  const outlets: Outlets = { live, mailer, log: options.log, publicUrl: options.publicUrl };
  const result = await inOrgTransaction(db, outlets, endpoint.orgId, now, options, async (tx) => {
    const applied = await applySightings(tx, endpoint, stored, now, options);
    return { applied, committed: applied?.committed };
  });
  return result.applied;
}
