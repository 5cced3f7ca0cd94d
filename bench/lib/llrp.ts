/**
 * The LLRP path of `bench:ingest --llrp`: every endpoint becomes an LLRP reader (the simulator,
 * speaking real LLRP over loopback TCP), the server's reader connections connect to them, set their
 * ROSpec up and store their tag reports. Each reader sends reports of `size` tags as fast as the
 * server reads them (TCP backpressure: the client stops reading while its reports wait for the
 * store), with the same workload as the HTTP batches. The rate is what the store kept: sightings
 * counted in the database at the start and the end of the window.
 */
import { LlrpReaderSimulator } from '@sightline/server/src/tracking/simulator/llrp-reader.js';
import type pg from 'pg';
import type { BenchEndpoint } from './setup.js';
import type { Workload } from './workload.js';

export interface LlrpRun {
  seconds: number;
  /** Sightings stored in the window, per second. */
  rate: number;
  /** Sightings stored in the window. */
  stored: number;
  /** Seconds from switching the endpoints to LLRP until every reader had its ROSpec enabled. */
  connectSeconds: number;
}

const sightings = async (pool: pg.Pool) =>
  Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM sightings')).rows[0]?.n ?? 0);

/**
 * Switches the endpoints to LLRP readers, waits for the server to connect to all of them, runs a
 * warm-up and then the measured window, and switches them back to push.
 */
export async function llrpPhase(
  pool: pg.Pool,
  workload: Workload,
  endpoints: readonly BenchEndpoint[],
  opts: {
    size: number;
    warmupSeconds: number;
    seconds: number;
    /** Called as the measured window starts and ends (the CPU meter). */
    window: { start(): Promise<void>; end(): Promise<void> };
  },
): Promise<LlrpRun> {
  const readers = endpoints.map(() => new LlrpReaderSimulator({ antennas: 4 }));
  await Promise.all(readers.map((r) => r.start()));
  try {
    const switched = performance.now();
    for (const [i, e] of endpoints.entries())
      await pool.query(`UPDATE endpoints SET connection = $2::jsonb WHERE id = $1`, [
        e.id,
        JSON.stringify({ mode: 'llrp', host: '127.0.0.1', port: readers[i]?.port, tls: false }),
      ]);
    const deadline = Date.now() + 60_000;
    while (readers.some((r) => !r.enabled)) {
      if (Date.now() > deadline)
        throw new Error(
          `LLRP: ${readers.filter((r) => !r.enabled).length} of ${readers.length} readers not set up within 60 s`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    const connectSeconds = (performance.now() - switched) / 1000;

    let running = true;
    const loops = readers.map(async (reader, i) => {
      while (running) {
        const n = await reader.readTagsPaced(workload.tagReports(i, opts.size, Date.now()));
        if (n === 0 && running) throw new Error(`LLRP: reader ${i} lost its client`);
      }
    });
    const failed = Promise.all(loops).then(() => undefined);
    const wait = (seconds: number) =>
      Promise.race([new Promise((r) => setTimeout(r, seconds * 1000)), failed]);
    await wait(opts.warmupSeconds);
    await opts.window.start();
    const before = await sightings(pool);
    const t0 = performance.now();
    await wait(opts.seconds);
    const after = await sightings(pool);
    const seconds = (performance.now() - t0) / 1000;
    await opts.window.end();
    // Reports still on their way (in the sockets' buffers) are dropped with the readers.
    running = false;
    return { seconds, rate: (after - before) / seconds, stored: after - before, connectSeconds };
  } finally {
    await pool.query(`UPDATE endpoints SET connection = '{"mode":"push"}'::jsonb`);
    await Promise.all(readers.map((r) => r.stop()));
  }
}
