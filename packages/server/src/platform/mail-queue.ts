/**
 * Mail on the job queue (docs/decisions/0030-job-queue-pg-boss.md): with the queue running, `send`
 * stores the mail as a pg-boss job — durable, in the caller's transaction when it passes one — and
 * a worker hands it to the transport (SMTP or the outbox folder). A failed send (SMTP down) is
 * retried with exponential backoff for about a day, by whichever instance is up, and never dropped.
 * Without the queue (tests, QUEUE=false) mail goes straight to the transport.
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Mail, Mailer } from './mail.js';
import { transactionAdapter } from './queue.js';

export const MAIL_QUEUE = 'mail-send';

/** Retries after 30 s, 1 min, 2 min … doubling (with jitter): 12 tries reach about a day. */
const RETRY_LIMIT = 12;
const WORKERS = 2;

/** A mail as JSON: attachments travel base64-encoded. */
interface MailJob extends Omit<Mail, 'attachments'> {
  attachments?: { filename: string; content: string; contentType: string; encoding: 'base64' }[];
}

const toJob = (mail: Mail): MailJob => ({
  ...mail,
  attachments: mail.attachments?.map((a) => ({
    ...a,
    content: a.content.toString('base64'),
    encoding: 'base64',
  })),
});

const fromJob = (job: MailJob): Mail => ({
  ...job,
  attachments: job.attachments?.map(({ encoding: _base64, ...a }) => ({
    ...a,
    content: Buffer.from(a.content, 'base64'),
  })),
});

export interface MailQueue extends Mailer {
  /** Starts the workers on the app's queue; from then on `send` queues. */
  start(boss: PgBoss): Promise<void>;
  /** `send` goes straight to the transport again (the queue is stopping). */
  stop(): void;
}

export function createMailQueue(
  transport: Mailer,
  log: FastifyBaseLogger,
  options: { retrySeconds: number },
): MailQueue {
  const retry = { retryLimit: RETRY_LIMIT, retryDelay: options.retrySeconds, retryBackoff: true };
  let boss: PgBoss | undefined;
  return {
    async send(mail, options) {
      if (!boss) return transport.send(mail, options);
      const db = options?.tx ? transactionAdapter(options.tx) : undefined;
      await boss.send(MAIL_QUEUE, toJob(mail) as object, { ...retry, db: db as PgBoss.Db | undefined });
    },
    async start(queue) {
      await queue.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, policy: 'standard' });
      for (let i = 0; i < WORKERS; i++)
        await queue.work<MailJob>(MAIL_QUEUE, async ([job]) => {
          if (!job) return;
          try {
            await transport.send(fromJob(job.data));
          } catch (err) {
            log.warn({ err, subject: job.data.subject }, 'mail not sent (kept on the queue and retried)');
            throw err;
          }
        });
      boss = queue;
    },
    stop() {
      boss = undefined;
    },
  };
}
