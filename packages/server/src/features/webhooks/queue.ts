/**
 * The webhook side of the job queue: listens for the outbox's NOTIFY (sent on COMMIT), turns it
 * into pg-boss `webhook-drain` jobs, works them, and sweeps once a minute for anything due whose
 * wake-up was lost (an instance that died between COMMIT and queueing, a drainer that crashed).
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { type Config, demoReceiverUrl } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createDrainer, DRAIN_QUEUE, type Drainer, SWEEP_QUEUE } from './delivery.js';
import { WEBHOOK_CHANNEL } from './outbox.js';

/** Webhooks drained at once per instance (each a pg-boss worker). */
const WORKERS = 4;

export interface WebhookQueue {
  /** Registers the workers and the minute sweep on the app's queue, and listens for wake-ups. */
  start(boss: PgBoss): Promise<void>;
  /** Stops listening for wake-ups; drains still running may still queue their retries. */
  stopListening(): Promise<void>;
  /** Forgets the queue, once its owner has stopped it (and with it every running drain). */
  stop(): void;
  /** How long a running delivery may take: the queue's stop waits that long. */
  readonly stopTimeoutMs: number;
  /** Queues a drain of each webhook (coalesced: one waiting job per webhook). */
  wake(webhookIds: readonly string[]): Promise<void>;
  /** Wakes every webhook with due deliveries (the minute sweep; tests call it). */
  sweep(): Promise<number>;
  readonly drainer: Drainer;
}

export function createWebhookQueue(database: Database, config: Config, log: FastifyBaseLogger): WebhookQueue {
  let boss: PgBoss | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const workerIds: string[] = [];

  async function send(webhookId: string, startAfter?: Date) {
    if (!boss) return;
    await boss.send(
      DRAIN_QUEUE,
      { webhookId },
      { singletonKey: webhookId, startAfter, retryLimit: 5, retryBackoff: true },
    );
    if (!startAfter) for (const id of workerIds) boss.notifyWorker(id);
  }

  const drainer = createDrainer(
    database.db,
    {
      timeoutMs: config.webhookTimeoutMs,
      retryBaseMs: config.webhookRetryBaseMs,
      retryMaxAgeMs: config.webhookRetryMaxAgeMs,
      allowPrivate: config.webhookAllowPrivate,
      trustedTarget: demoReceiverUrl(config),
    },
    (webhookId, at) => send(webhookId, at),
    log,
  );

  async function wake(ids: readonly string[]) {
    for (const id of new Set(ids)) await send(id);
  }

  const onNotify = (payload: string | undefined) => {
    const ids = (payload ?? '').split(',').filter(Boolean);
    wake(ids).catch((err: unknown) => log.error({ err }, 'webhook wake-up failed'));
  };

  async function listen(): Promise<() => Promise<void>> {
    if (database.pglite) {
      return database.pglite.listen(WEBHOOK_CHANNEL, onNotify);
    }
    if (!database.pool) throw new Error('no database to listen on');
    const client = await database.pool.connect();
    client.on('notification', (n) => {
      if (n.channel === WEBHOOK_CHANNEL) onNotify(n.payload);
    });
    client.on('error', (err) => log.error({ err }, 'webhook listener'));
    await client.query(`LISTEN ${WEBHOOK_CHANNEL}`);
    return async () => {
      await client.query(`UNLISTEN ${WEBHOOK_CHANNEL}`).catch(() => undefined);
      client.release();
    };
  }

  async function sweep() {
    const due = await drainer.dueWebhooks();
    await wake(due);
    return due.length;
  }

  return {
    drainer,
    wake,
    sweep,
    stopTimeoutMs: config.webhookTimeoutMs + 2000,
    async start(queue) {
      boss = queue;
      await boss.createQueue(DRAIN_QUEUE, { name: DRAIN_QUEUE, policy: 'short' });
      await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: 'short' });
      for (let i = 0; i < WORKERS; i++) {
        const id = await boss.work<{ webhookId: string }>(DRAIN_QUEUE, async ([job]) => {
          if (!job) return;
          try {
            await drainer.drain(job.data.webhookId);
          } catch (err) {
            log.error({ err, webhookId: job.data.webhookId }, 'webhook drain failed (retried by the queue)');
            throw err;
          }
        });
        workerIds.push(id);
      }
      await boss.work(SWEEP_QUEUE, async () => void (await sweep()));
      await boss.schedule(SWEEP_QUEUE, '* * * * *');
      unlisten = await listen();
      await sweep();
    },
    async stopListening() {
      await unlisten?.();
      unlisten = undefined;
    },
    stop() {
      boss = undefined;
      workerIds.length = 0;
    },
  };
}
