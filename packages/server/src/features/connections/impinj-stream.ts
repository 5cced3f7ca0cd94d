/**
 * The Impinj R700's HTTP event stream (docs/readers.md, Impinj stream): Sightline opens
 * `GET /api/v1/data/stream` on the reader with basic auth and reads newline-delimited JSON, one
 * ReaderEvent a line, for as long as the reader keeps the response open. Each line is handed to
 * the owner as the webhook's body of one event. The reader's certificate is its own self-signed
 * one, so TLS is not verified against public authorities. Reconnects with exponential backoff.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { StoredConnection } from './repository.js';
import type { ConnectionState } from './state.js';

export const IMPINJ_STREAM_PATH = '/api/v1/data/stream';
/** A line longer than this is not an event: the stream is dropped and opened again. */
const LINE_MAX_BYTES = 1024 * 1024;

export interface ImpinjStreamOptions {
  connection: StoredConnection;
  password: string;
  backoff?: { initialMs: number; maxMs: number };
  /** How the host name is resolved (readerLookup: refuses loopback and link-local addresses). */
  lookup?: LookupFunction;
  /** One line's event, as a webhook body of one event; the next line waits for it. */
  onEvents: (events: unknown[]) => Promise<void>;
  onState: (state: ConnectionState, error: string | null) => void;
  onLineError?: (err: Error) => void;
}

export function startImpinjStream(options: ImpinjStreamOptions): { stop: () => Promise<void> } {
  const { connection } = options;
  const secure = connection.tls ?? false;
  const port = connection.port ?? (secure ? 443 : 80);
  const auth = Buffer.from(`${connection.username ?? ''}:${options.password}`).toString('base64');
  let stopped = false;
  let attempt = 0;
  let request: http.ClientRequest | undefined;
  let retry: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  const failed = (state: ConnectionState, why: string) => {
    if (stopped) return;
    options.onState(state, why);
    const { initialMs, maxMs } = options.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
    const delay = Math.min(maxMs, initialMs * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(open, delay);
  };

  function open(): void {
    if (stopped) return;
    const get = secure ? https.get : http.get;
    let done = false;
    const finish = (state: ConnectionState, why: string) => {
      if (done) return;
      done = true;
      failed(state, why);
    };
    request = get(
      {
        host: connection.host,
        port,
        ...(options.lookup ? { lookup: options.lookup } : {}),
        path: IMPINJ_STREAM_PATH,
        headers: { authorization: `Basic ${auth}`, accept: 'application/x-ndjson, application/json' },
        ...(secure ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          const why =
            res.statusCode === 401 || res.statusCode === 403
              ? `the reader refused the user name or password (HTTP ${res.statusCode})`
              : `the reader answered HTTP ${res.statusCode} to ${IMPINJ_STREAM_PATH}`;
          return finish('error', why);
        }
        attempt = 0;
        options.onState('connected', null);
        let pending = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          pending += chunk;
          let newline = pending.indexOf('\n');
          while (newline >= 0) {
            const line = pending.slice(0, newline).trim();
            pending = pending.slice(newline + 1);
            if (line) handle(line);
            newline = pending.indexOf('\n');
          }
          if (pending.length > LINE_MAX_BYTES) res.destroy(new Error('a stream line is longer than 1 MB'));
        });
        res.on('end', () => {
          if (pending.trim()) handle(pending.trim());
          finish('disconnected', 'the reader ended the stream');
        });
        res.on('error', (err) => finish('disconnected', err.message));
      },
    );
    request.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      finish(
        code === 'ECONNREFUSED'
          ? 'disconnected'
          : code?.startsWith('ERR_TLS') || code?.includes('CERT')
            ? 'error'
            : 'disconnected',
        code === 'ECONNREFUSED' ? `${connection.host}:${port} refused the connection` : err.message,
      );
    });
  }

  function handle(line: string): void {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      options.onLineError?.(new Error(`a stream line is not JSON: ${line.slice(0, 80)}`));
      return;
    }
    queue = queue.then(() => options.onEvents([event])).catch((err: Error) => options.onLineError?.(err));
  }

  options.onState('connecting', null);
  open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      request?.destroy();
      await queue;
      options.onState('disconnected', 'stopped');
    },
  };
}
