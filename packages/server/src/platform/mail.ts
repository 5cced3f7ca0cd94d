/**
 * Outgoing mail: nodemailer over SMTP_URL, or, with none configured, an .eml file
 * per message in the outbox folder (default: the data folder's outbox/) with its subject and links logged.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Tx } from '../db/client.js';
import { randomToken } from './ids.js';

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Files attached to the mail (the daily reports). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Sends (or, with the job queue running, queues) the mail. With `tx` the mail is queued in that
   * transaction and goes out only if it commits.
   */
  send(mail: Mail, options?: { tx?: Tx }): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  /** Folder of the .eml files written when no SMTP server is configured. */
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: opts.from, ...mail })) };
  }
  const outbox = opts.outboxDir;
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await stream.sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: mail.to, subject: mail.subject, links, file }, 'mail written to outbox');
    },
  };
}
