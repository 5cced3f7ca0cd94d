/** The main thread's handle on the live-stream worker. */
import { Worker } from 'node:worker_threads';

export interface LiveMeasure {
  endToEnd: number[];
  toPublish: number[];
  toClient: number[];
  counts: Record<string, number>;
  bytes: number;
  blocks: number;
  /** Batches (distinct send times) that showed up in event messages. */
  batches: number;
}

type FromWorker =
  | { kind: 'open' }
  | { kind: 'error'; message: string }
  | { kind: 'report'; measure: LiveMeasure };

export class LiveReader {
  private constructor(private readonly worker: Worker) {}

  static open(port: number, cookie: string, site: string): Promise<LiveReader> {
    const worker = new Worker(new URL('./live-worker.mjs', import.meta.url), {
      workerData: { port, cookie, site },
    });
    return new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (msg: FromWorker) => {
        if (msg.kind === 'open') resolve(new LiveReader(worker));
        else reject(new Error(msg.kind === 'error' ? msg.message : 'unexpected message'));
      });
    });
  }

  /** Starts a measurement (parse = read every event message; else count bytes and blocks only). */
  start(parse: boolean) {
    this.worker.postMessage({ kind: 'start', parse });
  }

  report(): Promise<LiveMeasure> {
    return new Promise((resolve) => {
      const onMessage = (msg: FromWorker) => {
        if (msg.kind !== 'report') return;
        this.worker.off('message', onMessage);
        resolve(msg.measure);
      };
      this.worker.on('message', onMessage);
      this.worker.postMessage({ kind: 'report' });
    });
  }

  async close() {
    this.worker.postMessage({ kind: 'close' });
    await this.worker.terminate();
  }
}
