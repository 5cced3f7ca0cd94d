/**
 * The live bus (DESIGN §2 "live", §4): every change is published once and delivered to every
 * instance's SSE subscribers. On PostgreSQL it rides LISTEN/NOTIFY; on embedded PGlite (one
 * process by definition) an in-process emitter does the same job.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';

export type LiveType = 'event' | 'zoneChange' | 'thing' | 'exception' | 'heartbeat' | 'notification';

export interface LiveMessage {
  type: LiveType;
  orgId: string;
  /** Site the change belongs to; undefined = every site of the organization (e.g. a user notification). */
  siteId?: string;
  /** For notifications addressed to one user. */
  userId?: string;
  data: unknown;
  /** Publish time (ms since epoch), for latency measurements. */
  at: number;
}

export interface LiveBus {
  publish(messages: LiveMessage[]): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'sightline_live';
/** NOTIFY payloads are limited to 8000 bytes; larger groups are split. */
const MAX_PAYLOAD = 7500;
/** Every payload of a JSON array, in order, in one statement. */
const NOTIFY_ALL =
  'SELECT pg_notify($1, p) FROM json_array_elements_text($2::json) WITH ORDINALITY AS x(p, n) ORDER BY n';

export function createLocalBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(messages) {
      for (const m of messages) emitter.emit('message', m);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createPgBus(pool: pg.Pool, onError: (err: Error) => void): Promise<LiveBus> {
  const local = createLocalBus();
  let listener: pg.PoolClient | undefined;
  let closed = false;

  async function connect() {
    listener = await pool.connect();
    listener.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        for (const m of JSON.parse(n.payload) as LiveMessage[]) void local.publish([m]);
      } catch (err) {
        onError(err as Error);
      }
    });
    listener.on('error', (err) => {
      onError(err);
      listener?.release(true);
      listener = undefined;
      if (!closed) setTimeout(() => void connect().catch(onError), 1000);
    });
    await listener.query(`LISTEN ${CHANNEL}`);
  }
  await connect();

  return {
    async publish(messages) {
      const payloads = [...chunks(messages)];
      if (!payloads.length) return;
      // One statement (one commit) for the whole group, in order, on the listening connection:
      // a NOTIFY per chunk costs a commit each, and a pooled connection can queue behind busy
      // ingest transactions. The chunks travel as one JSON array (cheaper than a text[] to encode).
      const values = [CHANNEL, JSON.stringify(payloads)];
      if (listener) await listener.query(NOTIFY_ALL, values);
      else await pool.query(NOTIFY_ALL, values);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        listener.release();
      }
      await local.close();
    },
  };
}

/** JSON arrays of messages, each under the NOTIFY payload limit (an oversized message goes alone, trimmed). */
function* chunks(messages: LiveMessage[]): Generator<string> {
  let batch: string[] = [];
  let size = 2;
  for (const m of messages) {
    let json = JSON.stringify(m);
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
