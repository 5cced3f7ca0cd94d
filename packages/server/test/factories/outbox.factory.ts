/**
 * Test helpers for mail: an app whose outbox is a fresh temp folder, and readers that wait for the
 * .eml files addressed to someone and pull the set-password link out of them.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { Config } from '../../src/config.js';
import type { App } from '../../src/platform/context.js';
import { makeApp } from './app.factory.js';

export async function makeMailApp(overrides: Partial<Config> = {}): Promise<{ app: App; outbox: string }> {
  const outbox = await mkdtemp(path.join(os.tmpdir(), 'sightline-mail-'));
  afterAll(() => rm(outbox, { recursive: true, force: true }));
  return { app: await makeApp({ mailDir: outbox, ...overrides }), outbox };
}

interface ReceivedMail {
  subject: string;
  text: string;
}

/** Quoted-printable bodies: undo soft line breaks and escaped bytes. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export async function mailsTo(outbox: string, address: string): Promise<ReceivedMail[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    // Headers end at the first blank line (CRLF or LF).
    const blank = /\r?\n\r?\n/.exec(raw);
    const split = blank?.index ?? raw.length;
    const headers = raw.slice(0, split);
    if (!new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(headers)) continue;
    const body = raw.slice(split + (blank?.[0].length ?? 0));
    const qp = /^Content-Transfer-Encoding: quoted-printable/im.test(headers);
    mails.push({
      subject: headers.match(/^Subject: (.*)$/m)?.[1] ?? '',
      text: qp ? decodeQuotedPrintable(body) : body,
    });
  }
  return mails;
}

/** Waits until `count` mails to `address` are in the outbox (mail may be sent after the response). */
export async function waitForMails(outbox: string, address: string, count = 1, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(outbox, address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The set-password link of a mail and its token (URL-decoded). */
export function setPasswordLink(mail: ReceivedMail): { link: string; token: string } {
  const link = mail.text.match(/https?:\/\/\S*\/passwordreset\/form\?token=\S+/)?.[0];
  if (!link) throw new Error(`no set-password link in: ${mail.text}`);
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
}
