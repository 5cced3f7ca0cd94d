/**
 * The live bus (docs/decisions/0019-live-bus.md): every change is published once and delivered to
 * every instance's SSE subscribers. On PostgreSQL it rides LISTEN/NOTIFY; on embedded PGlite (one
 * process by definition) an in-process emitter does the same job.
 *
 * An instance delivers what it publishes to its own subscribers in process, so a NOTIFY is only
 * for OTHER instances: each bus marks its presence with a shared advisory lock held by its
 * listening connection (taken after LISTEN, gone when the connection goes), and a publish sends
 * the NOTIFY only while another instance holds it: a lone instance's NOTIFYs would come straight
 * back to it, megabytes per second, to be parsed and dropped (measured: a lone publisher's CPU per
 * message fell by about three quarters without them; docs/benchmarks/history.md).
 */
import { EventEmitter } from 'node:events';
import type { LiveMessage as LiveStreamMessage, LiveType } from '@sightline/shared';
import type pg from 'pg';
import { PRESENCE_LOCK } from '../db/locks.js';
import { createCoalescer, LIVE_COALESCE_MS } from './live-coalesce.js';

/** Where a message goes and when it was published, around its `type` and `data`. */
interface LiveAddress {
  orgId: string;
  /** Site the change belongs to; undefined = every site of the organization (e.g. a user notification). */
  siteId?: string;
  /** For notifications addressed to one user. */
  userId?: string;
  /**
   * Ids of the workers the message names (its thing, an exception's things); absent when it names
   * none. Never sent to a client: each subscriber's presentation (features/live/present.ts) leaves
   * them out where the subscriber's REST reads would.
   */
  workers?: readonly string[];
  /** Publish time (ms since epoch), for latency measurements. */
  at: number;
}

/**
 * What the bus carries. The bus does not look into `data`; publishers build their messages as
 * `LivePublish`, whose data is the stream's contract.
 */
export interface LiveMessage extends LiveAddress {
  type: LiveType;
  data: unknown;
}

/** A message as published: one of the stream's messages (`@sightline/shared` live.ts) and its address. */
export type LivePublish = LiveStreamMessage & LiveAddress;

export interface LiveBus {
  /** Delivers every message, in order. */
  publish(messages: LiveMessage[]): Promise<void>;
  /**
   * Like `publish` for state messages (the tracking path): `thing` and `event` messages of one
   * thing / event within the bus's coalescing window go out as the latest one (platform/live-coalesce.ts);
   * resolves when they (or what replaced them) are out. Never rejects.
   */
  publishLatest(messages: LiveMessage[]): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'sightline_live';
/** NOTIFY payloads are limited to 8000 bytes; larger groups are split. */
const MAX_PAYLOAD = 7500;
/** Buses listening on this database now (this one included). */
const PRESENT = `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND classid = ${PRESENCE_LOCK[0]} AND objid = ${PRESENCE_LOCK[1]} AND objsubid = 2`;
/** Every payload of a JSON array, in order, in one statement. */
const NOTIFY_ALL =
  'SELECT pg_notify($1, p) FROM json_array_elements_text($2::json) WITH ORDINALITY AS x(p, n) ORDER BY n';

export interface BusOptions {
  /** Coalescing window of `publishLatest` in ms (0: every message goes out). */
  coalesceMs?: number;
}

export function createLocalBus(options: BusOptions = {}): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publish = async (messages: LiveMessage[]) => {
    for (const m of messages) emitter.emit('message', m);
  };
  const latest = createCoalescer(publish, options.coalesceMs ?? LIVE_COALESCE_MS, () => undefined);
  return {
    publish,
    publishLatest: latest.push,
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      await latest.flush();
      emitter.removeAllListeners();
    },
  };
}

export async function createPgBus(
  pool: pg.Pool,
  onError: (err: Error) => void,
  options: BusOptions = {},
): Promise<LiveBus> {
  const local = createLocalBus({ coalesceMs: 0 });
  let listener: pg.PoolClient | undefined;
  let closed = false;

  /** The listening connection's backend: its own NOTIFYs come back with this process id. */
  let listenerPid: number | null = null;

  let retry: NodeJS.Timeout | undefined;

  /**
   * The listening connection is gone (a database restart or failover): drop it and try again
   * every second until the database answers — one try is not enough for an outage over a second.
   */
  function lose(err: Error) {
    onError(err);
    const lost = listener;
    listener = undefined;
    listenerPid = null;
    try {
      lost?.release(true);
    } catch {
      // already released by the pool
    }
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed) connect().catch(lose);
    }, 1000);
  }

  async function connect() {
    const client = await pool.connect();
    listener = client;
    listenerPid = (client as unknown as { processID: number | null }).processID;
    client.on('error', (err) => {
      if (listener === client) lose(err);
    });
    client.on('notification', (n) => {
      // What this instance sent on its listener was already delivered here, in process.
      if (n.channel !== CHANNEL || !n.payload || n.processId === listenerPid) return;
      try {
        for (const m of JSON.parse(n.payload) as LiveMessage[]) void local.publish([m]);
      } catch (err) {
        onError(err as Error);
      }
    });
    await client.query(`LISTEN ${CHANNEL}`);
    // After LISTEN: whoever sees this lock may count on this bus receiving its NOTIFYs.
    await client.query('SELECT pg_advisory_lock_shared($1, $2)', [...PRESENCE_LOCK]);
  }

  /** Whether another instance listens (a publish's NOTIFY would reach someone). */
  async function othersListen(via: pg.PoolClient): Promise<boolean> {
    const { rows } = await via.query<{ n: number }>(PRESENT);
    return (rows[0]?.n ?? 0) > 1;
  }
  await connect();

  async function publish(messages: LiveMessage[]) {
    if (!messages.length) return;
    // One statement (one commit) for the whole group, in order, on the listening connection:
    // a NOTIFY per chunk costs a commit each, and a pooled connection can queue behind busy
    // ingest transactions. The chunks travel as one JSON array (cheaper than a text[] to encode).
    // This instance's subscribers get the messages at once, without the database round trip
    // (and the payloads' parsing): the echo of a NOTIFY sent on the listener is skipped, and
    // with no other instance listening nothing is sent at all. Without a listener
    // (reconnecting) nothing is delivered here, as nothing else would be.
    const notify = () => [CHANNEL, JSON.stringify([...chunks(messages)])];
    const via = listener;
    if (via && listenerPid !== null) {
      for (const m of messages) void local.publish([m]);
      if (await othersListen(via)) await via.query(NOTIFY_ALL, notify());
    } else if (via) await via.query(NOTIFY_ALL, notify());
    else await pool.query(NOTIFY_ALL, notify());
  }
  const latest = createCoalescer(publish, options.coalesceMs ?? LIVE_COALESCE_MS, (err) =>
    onError(err as Error),
  );

  return {
    publish,
    publishLatest: latest.push,
    subscribe: local.subscribe,
    async close() {
      await latest.flush();
      closed = true;
      clearTimeout(retry);
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        await listener
          .query('SELECT pg_advisory_unlock_shared($1, $2)', [...PRESENCE_LOCK])
          .catch(() => undefined);
        // Closed, not returned to the pool: nothing of this session outlives the bus.
        listener.release(true);
      }
      await local.close();
    },
  };
}

/** `JSON.stringify(m.data)`, computed once per message (the NOTIFY payload and every SSE frame use it). */
const dataJsons = new WeakMap<LiveMessage, string>();
export function liveDataJson(m: LiveMessage): string {
  let json = dataJsons.get(m);
  if (json === undefined) {
    json = JSON.stringify(m.data) ?? 'null';
    dataJsons.set(m, json);
  }
  return json;
}

/** `JSON.stringify(m)` (same fields, same order), reusing the message's data JSON. */
function messageJson(m: LiveMessage): string {
  const q = JSON.stringify;
  const site = m.siteId === undefined ? '' : `,"siteId":${q(m.siteId)}`;
  const user = m.userId === undefined ? '' : `,"userId":${q(m.userId)}`;
  const workers = m.workers === undefined ? '' : `,"workers":${q(m.workers)}`;
  return `{"type":${q(m.type)},"orgId":${q(m.orgId)}${site}${user}${workers},"data":${liveDataJson(m)},"at":${q(m.at)}}`;
}

/** JSON arrays of messages, each under the NOTIFY payload limit (an oversized message goes alone, trimmed). */
function* chunks(messages: LiveMessage[]): Generator<string> {
  let batch: string[] = [];
  let size = 2;
  for (const m of messages) {
    let json = messageJson(m);
    if (json.length > MAX_PAYLOAD) json = JSON.stringify({ ...m, data: { truncated: true } });
    if (size + json.length + 1 > MAX_PAYLOAD && batch.length) {
      yield `[${batch.join(',')}]`;
      batch = [];
      size = 2;
    }
    batch.push(json);
    size += json.length + 1;
  }
  if (batch.length) yield `[${batch.join(',')}]`;
}
