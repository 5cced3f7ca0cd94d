/**
 * Load generators over keep-alive HTTP: closed loop (each client sends its next batch when the
 * previous one is acknowledged: the sustained rate) and open loop (batches at a fixed offered
 * rate whatever the answers: latency at a given load).
 */
import http from 'node:http';
import type { Workload } from './workload.js';

export interface Ack {
  sentAt: number;
  ackMs: number;
  accepted: number;
  duplicates: number;
}

export interface LoadResult {
  acks: Ack[];
  failures: number;
  firstError?: string;
  sent: number;
}

export class IngestClient {
  private readonly agent: http.Agent;

  private readonly ports: readonly number[];

  /** `port`: one server, or several instances (an endpoint always posts to the same one, as a reader would). */
  constructor(
    port: number | readonly number[],
    private readonly workload: Workload,
    sockets: number,
  ) {
    this.ports = typeof port === 'number' ? [port] : port;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  /** Posts one batch of `endpoint`; resolves with its acknowledgement. */
  post(endpoint: number, size: number): Promise<Ack> {
    const ep = this.workload.endpoints[endpoint];
    if (!ep) throw new Error(`no endpoint ${endpoint}`);
    const sentAt = Date.now();
    const body = this.workload.batch(endpoint, size, sentAt);
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.ports[endpoint % this.ports.length],
          path: '/api/ingest/sightings',
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${ep.key}`,
            'x-endpoint-uuid': ep.uuid,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (res.statusCode !== 200)
              return reject(new Error(`ingest answered ${res.statusCode}: ${text}`));
            const answer = JSON.parse(text) as { accepted: number; duplicates: number };
            resolve({ sentAt, ackMs: performance.now() - start, ...answer });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

function record(result: LoadResult, promise: Promise<Ack>) {
  return promise.then(
    (ack) => {
      result.acks.push(ack);
    },
    (err: unknown) => {
      result.failures++;
      result.firstError ??= String(err);
    },
  );
}

/** `clients` concurrent closed loops until `until` (epoch ms); endpoints are split between clients. */
export async function closedLoop(
  client: IngestClient,
  opts: { clients: number; endpoints: number; size: number; until: number },
): Promise<LoadResult> {
  const result: LoadResult = { acks: [], failures: 0, sent: 0 };
  const loops = Array.from({ length: opts.clients }, async (_, c) => {
    const mine = Array.from({ length: opts.endpoints }, (_, e) => e).filter((e) => e % opts.clients === c);
    for (let i = 0; Date.now() < opts.until && result.failures < 10; i++) {
      result.sent++;
      await record(result, client.post(mine[i % mine.length] as number, opts.size));
    }
  });
  await Promise.all(loops);
  return result;
}

/** Batches at `rate` sightings/s for `seconds`, round-robin over the endpoints, never more than `maxInFlight`. */
export async function openLoop(
  client: IngestClient,
  opts: { rate: number; endpoints: number; size: number; seconds: number; maxInFlight: number },
): Promise<LoadResult & { skipped: number }> {
  const result = { acks: [] as Ack[], failures: 0, sent: 0, skipped: 0 };
  const interval = (1000 * opts.size) / opts.rate;
  const total = Math.round((opts.seconds * 1000) / interval);
  const start = performance.now();
  const pending = new Set<Promise<void>>();
  for (let k = 0; k < total; k++) {
    const wait = start + k * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (pending.size >= opts.maxInFlight) {
      result.skipped++;
      continue;
    }
    result.sent++;
    const p = record(result, client.post(k % opts.endpoints, opts.size)).finally(() => pending.delete(p));
    pending.add(p);
  }
  await Promise.all(pending);
  return result;
}
