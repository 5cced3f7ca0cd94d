/**
 * Readers Sightline connects to (docs/readers.md): on every instance, a loop that every third of
 * the lease time lists the endpoints whose connection is not `push`, takes or renews each one's
 * lease (db: one holder per reader across instances), runs a client for each lease it holds, and
 * stops the clients of leases it lost, of endpoints gone back to push, or whose settings changed
 * (restarted with the new ones). Tag reports go through the same ingest path as pushed batches;
 * reader events become the endpoint's live connection state.
 */

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseImpinj } from '../../tracking/formats/index.js';
import { sightingsFromTagReports } from '../../tracking/formats/llrp/sightings.js';
import { recordEndpointStatus } from '../endpointstatus/service.js';
import { ingestBatch } from '../ingest/service.js';
import { readerLookup } from './address.js';
import { startImpinjStream } from './impinj-stream.js';
import { LLRP_PORT, LLRP_TLS_PORT, LlrpClient } from './llrp-client.js';
import {
  addReports,
  type ConnectedEndpoint,
  claimLease,
  listConnectedEndpoints,
  recordAntennas,
  recordState,
  releaseLease,
} from './repository.js';
import { type ConnectionState, readerEventStatus, statusRecordOf } from './state.js';

export interface ReaderConnectionsOptions {
  leaseMs: number;
  /** Client timings (tests shorten them). */
  keepaliveMs?: number;
  backoff?: { initialMs: number; maxMs: number };
  /** This instance's name in the lease table. */
  holder?: string;
  /** Only these organizations' readers (tests sharing one database keep to their own). */
  orgIds?: string[];
}

interface Running {
  fingerprint: string;
  stop: () => Promise<void>;
}

export interface ReaderConnections {
  readonly holder: string;
  /** One pass: claim, renew, start and stop (the timer calls it; tests may too). */
  tick(): Promise<void>;
  start(): void;
  /**
   * Stops every client (closing each session) and gives their leases up; `keepLeases` leaves them
   * to expire, as an instance that died would.
   */
  stop(options?: { keepLeases?: boolean }): Promise<void>;
  /** Endpoint ids whose connection this instance runs. */
  running(): string[];
}

export function createReaderConnections(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: ReaderConnectionsOptions,
): ReaderConnections {
  const holder = options.holder ?? `${process.pid}-${randomUUID()}`;
  const clients = new Map<string, Running>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();
  let stopped = false;

  function launch(e: ConnectedEndpoint): Running {
    const endpointId = e.identity.id;
    let wasConnected = false;
    let writes: Promise<void> = Promise.resolve();
    const write = (work: () => Promise<void>) => {
      writes = writes
        .then(work)
        .catch((err: unknown) =>
          log.error({ err, endpoint: e.identity.uuid }, 'reader connection state not saved'),
        );
    };
    // A stopped connection has saved its last state (`disconnected`) before stop resolves: a
    // shutdown closes the database next.
    const settled = () => writes;
    const onState = (state: ConnectionState, error: string | null) => {
      const reconnected = state === 'connected' && wasConnected;
      if (state === 'connected') wasConnected = true;
      if (state !== 'connected') log.info({ endpoint: e.identity.uuid, state, error }, 'reader connection');
      write(() => recordState(ctx.db, endpointId, holder, state, error, reconnected));
    };
    const ingest = async (sightings: ReturnType<typeof sightingsFromTagReports>) => {
      if (sightings.sightings.length === 0) return;
      await ingestBatch(ctx, log, e.identity, { ok: true, ...sightings }, e.connection.host ?? '');
      write(() => addReports(ctx.db, endpointId, sightings.sightings.length));
    };
    if (e.connection.mode === 'llrp') {
      const client = new LlrpClient({
        host: e.connection.host ?? '',
        port: e.connection.port ?? (e.connection.tls ? LLRP_TLS_PORT : LLRP_PORT),
        tls: e.connection.tls ?? false,
        antennas: e.antennas,
        ...(options.keepaliveMs ? { keepaliveMs: options.keepaliveMs } : {}),
        ...(options.backoff ? { backoff: options.backoff } : {}),
        lookup: readerLookup(ctx.config.readerAllowLoopback),
        onTags: (tags) =>
          ingest(sightingsFromTagReports(tags, Date.now())).catch((err: unknown) =>
            log.error({ err, endpoint: e.identity.uuid }, 'LLRP tag reports not stored'),
          ),
        onEvent: (event) => {
          const status = readerEventStatus(event);
          for (const warning of status.warnings)
            log.warn({ endpoint: e.identity.uuid }, `reader: ${warning}`);
          if (Object.keys(status.antennas).length > 0)
            write(() => recordAntennas(ctx.db, endpointId, status.antennas));
          const record = statusRecordOf(status);
          if (record)
            write(async () => {
              await recordEndpointStatus(ctx, log, e.identity, record, e.connection.host ?? '');
            });
        },
        onState,
      });
      client.start();
      return { fingerprint: fingerprintOf(e), stop: () => client.stop().then(settled) };
    }
    const stream = startImpinjStream({
      connection: e.connection,
      password: e.password,
      ...(options.backoff ? { backoff: options.backoff } : {}),
      lookup: readerLookup(ctx.config.readerAllowLoopback),
      onEvents: (body) =>
        ingestImpinjEvents(ctx, log, e, body).then((n) => write(() => addReports(ctx.db, endpointId, n))),
      onState,
      onLineError: (err) => log.warn({ err, endpoint: e.identity.uuid }, 'Impinj stream event not stored'),
    });
    return { fingerprint: fingerprintOf(e), stop: () => stream.stop().then(settled) };
  }

  async function stopOne(endpointId: string): Promise<void> {
    const running = clients.get(endpointId);
    clients.delete(endpointId);
    await running
      ?.stop()
      .catch((err: unknown) => log.error({ err }, 'reader connection did not stop cleanly'));
  }

  async function pass(): Promise<void> {
    const all = await listConnectedEndpoints(ctx.db);
    const wanted = options.orgIds ? all.filter((e) => options.orgIds?.includes(e.identity.orgId)) : all;
    const seen = new Set<string>();
    for (const e of wanted) {
      if (stopped) return;
      const id = e.identity.id;
      seen.add(id);
      const held = await claimLease(ctx.db, id, holder, options.leaseMs);
      const running = clients.get(id);
      if (!held) {
        if (running) await stopOne(id);
        continue;
      }
      if (running && running.fingerprint === fingerprintOf(e)) continue;
      if (running) await stopOne(id);
      clients.set(id, launch(e));
    }
    for (const id of [...clients.keys()]) {
      if (!seen.has(id)) {
        await stopOne(id);
        await releaseLease(ctx.db, id, holder);
      }
    }
  }

  const tick = () => {
    ticking = ticking
      .then(pass)
      .catch((err: unknown) => log.error({ err }, 'reader connections pass failed'));
    return ticking;
  };

  return {
    holder,
    tick,
    start() {
      stopped = false;
      void tick();
      timer = setInterval(() => void tick(), Math.max(100, Math.floor(options.leaseMs / 3)));
    },
    async stop({ keepLeases = false } = {}) {
      stopped = true;
      clearInterval(timer);
      await ticking;
      const ids = [...clients.keys()];
      await Promise.all(ids.map(stopOne));
      if (keepLeases) return;
      for (const id of ids) await releaseLease(ctx.db, id, holder).catch(() => {});
    },
    running: () => [...clients.keys()],
  };
}

/** What, when it changes, makes a running client restart. */
function fingerprintOf(e: ConnectedEndpoint): string {
  return JSON.stringify([e.connection, e.password, e.antennas]);
}

/** The Impinj stream's events, handled as the webhook handles them; answers the sightings stored. */
async function ingestImpinjEvents(
  ctx: AppContext,
  log: FastifyBaseLogger,
  e: ConnectedEndpoint,
  events: unknown[],
): Promise<number> {
  const parsed = parseImpinj(events, Date.now());
  const answer = await ingestBatch(ctx, log, e.identity, parsed, e.connection.host ?? '');
  return answer.accepted + answer.duplicates;
}
