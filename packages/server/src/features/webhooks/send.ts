/**
 * One HTTP attempt of a webhook delivery: POST of the raw JSON body with the
 * webhook's headers, signed `x-sightline-signature: sha256=<hex HMAC-SHA256 of the raw body>`,
 * within the timeout, to an address the SSRF guard accepted (checked in the socket's lookup).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  isHeaderName,
  isHeaderValue,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@sightline/shared';
import { guardedLookup, hostOf, isForbiddenAddress } from '../../platform/address-guard.js';

export interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
  /** The request cannot be made as stored (a bad header or URL): trying again cannot succeed. */
  permanent?: boolean;
}

interface SendRequest {
  targetUrl: string;
  headers: Record<string, string>;
  secret: string;
  body: string;
  event: string;
  deliveryId: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** The one URL let through the guard without allowPrivate: the demo's own receiver, if any. */
  trustedTarget?: string;
}

const EXCERPT_BYTES = 500;

export const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * Whether `targetUrl` is exactly `trusted` (compared as parsed URLs, so no other host, port, path
 * or query matches): only that URL skips the private-address check.
 */
export function isTrustedTarget(targetUrl: string, trusted: string | undefined): boolean {
  if (!trusted) return false;
  try {
    return new URL(targetUrl).href === new URL(trusted).href;
  } catch {
    return false;
  }
}

/** Why the stored headers cannot be sent (rows saved under older rules, or written by hand). */
function headerProblem(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null) return 'request headers are not an object';
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name)) return `header name ${JSON.stringify(name)} is not an HTTP token`;
    if (typeof value !== 'string' || !isHeaderValue(value))
      return `header ${name}: value is not printable ASCII`;
  }
  return undefined;
}

/**
 * Sends one attempt. Always resolves, never rejects: whatever goes wrong, even an error thrown while
 * the request is built, is a failed attempt for the delivery log, so no delivery queue waits on it.
 */
export async function sendWebhook(req: SendRequest): Promise<Attempt> {
  const started = performance.now();
  try {
    return await attemptSend(req, started);
  } catch (err) {
    return {
      ok: false,
      status: null,
      error: `request not sent: ${err instanceof Error ? err.message : String(err)}`,
      latencyMs: Math.round(performance.now() - started),
      responseExcerpt: null,
      permanent: true,
    };
  }
}

function attemptSend(req: SendRequest, started: number): Promise<Attempt> {
  const done = (a: Omit<Attempt, 'latencyMs'>): Attempt => ({
    ...a,
    latencyMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(req.targetUrl);
  } catch {
    return Promise.resolve(
      done({ ok: false, status: null, error: 'invalid URL', responseExcerpt: null, permanent: true }),
    );
  }
  const badHeader = headerProblem(req.headers);
  if (badHeader)
    return Promise.resolve(
      done({ ok: false, status: null, error: badHeader, responseExcerpt: null, permanent: true }),
    );
  const host = hostOf(url);
  const allowPrivate = req.allowPrivate || isTrustedTarget(req.targetUrl, req.trustedTarget);
  if (!allowPrivate && isIP(host) && isForbiddenAddress(host)) {
    return Promise.resolve(
      done({
        ok: false,
        status: null,
        error: `refused: ${host} is a private address`,
        responseExcerpt: null,
      }),
    );
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: Omit<Attempt, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve(done(a));
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...req.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(req.body),
          'user-agent': 'Sightline-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature(req.secret, req.body),
          [WEBHOOK_EVENT_HEADER]: req.event,
          [WEBHOOK_DELIVERY_HEADER]: req.deliveryId,
        },
        lookup: allowPrivate ? undefined : guardedLookup,
        signal: AbortSignal.timeout(req.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          finish({
            ok: status >= 200 && status < 300,
            status,
            error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
            responseExcerpt: excerpt,
          });
        });
        response.on('error', (err) =>
          finish({ ok: false, status: null, error: err.message, responseExcerpt: null }),
        );
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      const message =
        err.name === 'AbortError' || err.name === 'TimeoutError'
          ? `timeout after ${req.timeoutMs} ms`
          : err.message;
      finish({ ok: false, status: null, error: message, responseExcerpt: null });
    });
    request.end(req.body);
  });
}
