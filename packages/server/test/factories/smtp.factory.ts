/** A real SMTP server on loopback for mail tests, and a small MIME reader for what it received. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server on `port` (a free one by default). */
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MailPart {
  headers: string;
  filename?: string;
  content: Buffer;
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

/** The subject and the leaf parts of a (possibly nested) multipart message, decoded. */
export function parseMail(raw: string): { subject: string; parts: MailPart[] } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = unfold(raw.slice(0, split));
  return {
    subject: /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '',
    parts: partsOf(headers, raw.slice(split).replace(/^\r?\n\r?\n/, '')),
  };
}

function partsOf(headers: string, body: string): MailPart[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary || !/^Content-Type: multipart\//im.test(headers)) {
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
    const content =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            )
          : Buffer.from(body);
    const filename = /filename\*?=(?:utf-8'')?"?([^";\r\n]+)"?/i.exec(headers)?.[1];
    return [{ headers, filename, content }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const text = chunk.replace(/^\r?\n/, '');
      const at = text.search(/\r?\n\r?\n/);
      return partsOf(
        unfold(text.slice(0, at)),
        text
          .slice(at)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n$/, ''),
      );
    });
}
