/**
 * Mail on the job queue: a mail the SMTP server cannot take is kept and retried until it
 * can, and delivered once; a mail queued in a transaction goes out only if the transaction commits.
 * A real SMTP server on loopback (smtp-server), stopped and started on the same port.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseMail, startSmtp } from '../../test/factories/smtp.factory.js';
import { makeApp } from '../../test/factories.js';
import { rows } from '../db/client.js';
import { MAIL_QUEUE } from './mail-queue.js';

const closed = await startSmtp();
const port = closed.port;
await closed.close(); // nothing listens on `port` until the test starts the server there
const schema = `pgboss_mail_${process.pid}`;
const app = await makeApp({
  queue: true,
  queuePollSeconds: 0.5,
  queueSchema: schema,
  mailRetrySeconds: 1,
  smtpUrl: `smtp://127.0.0.1:${port}`,
});
await app.ready(); // starts the queue

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const jobsOf = (mark: string) =>
  rows<{ state: string; retry_count: number }>(
    app.ctx.db,
    sql`SELECT state, retry_count FROM ${sql.identifier(schema)}.job
        WHERE name = ${MAIL_QUEUE} AND data->>'subject' LIKE ${`%${mark}%`}`,
  );

describe('mail on the job queue', () => {
  it('keeps a mail while SMTP is down, retries, and delivers it once when SMTP is back', async () => {
    const mark = randomUUID();
    await app.ctx.mailer.send({
      to: 'site@example.com',
      subject: `Daily reports ${mark}`,
      text: 'Attached.',
      attachments: [
        { filename: 'zones.csv', content: Buffer.from('Zone,Count\nDock,3\n'), contentType: 'text/csv' },
      ],
    });
    // The first attempt fails (connection refused) and the job waits for its retry.
    await until(async () => (await jobsOf(mark)).find((j) => j.retry_count >= 1));
    const smtp = await startSmtp(port);
    try {
      const mail = await until(() => smtp.received.find((m) => m.raw.includes(mark)));
      expect(mail.to).toEqual(['site@example.com']);
      const attachment = parseMail(mail.raw).parts.find((p) => p.filename === 'zones.csv');
      expect(attachment?.content.toString()).toBe('Zone,Count\nDock,3\n');
      await until(async () => (await jobsOf(mark)).every((j) => j.state === 'completed') || undefined);
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.received.filter((m) => m.raw.includes(mark))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('sends a mail queued in a transaction only when the transaction commits', async () => {
    const smtp = await startSmtp(port);
    try {
      const rolledBack = randomUUID();
      const committed = randomUUID();
      await app.ctx.db
        .transaction(async (tx) => {
          await app.ctx.mailer.send({ to: 'a@example.com', subject: rolledBack, text: 'no' }, { tx });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await app.ctx.db.transaction(async (tx) => {
        await app.ctx.mailer.send({ to: 'a@example.com', subject: committed, text: 'yes' }, { tx });
      });
      await until(() => smtp.received.find((m) => m.raw.includes(committed)));
      expect(await jobsOf(rolledBack)).toEqual([]);
      expect(smtp.received.some((m) => m.raw.includes(rolledBack))).toBe(false);
    } finally {
      await smtp.close();
    }
  });
});
