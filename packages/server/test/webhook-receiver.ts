/** A real HTTP receiver on loopback for webhook tests: records every request; answers as told. */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  at: number;
}

/** What to answer a request: a status, after an optional delay. */
export type Responder = (req: Received, nth: number) => { status: number; delayMs?: number };

/** Listens on loopback unless told another of this host's addresses. */
export async function startReceiver(respond: Responder = () => ({ status: 200 }), host = '127.0.0.1') {
  const received: Received[] = [];
  let answer = respond;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        at: Date.now(),
      };
      received.push(entry);
      const { status, delayMs = 0 } = answer(entry, received.filter((r) => r.path === entry.path).length);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(`answer ${status}`);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    received,
    on: (path: string) => received.filter((r) => r.path === path),
    setResponder(next: Responder) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const expectedSignature = (secret: string, raw: string) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Polls `check` until it returns a value (not undefined/false) or the time is up. */
export async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
