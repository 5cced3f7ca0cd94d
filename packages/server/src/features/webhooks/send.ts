/**
 * One HTTP attempt of a webhook delivery: POST of the raw JSON body with the webhook's headers,
 * signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the bytes the
 * secret's base64 after `whsec_` decodes to) and, deprecated, `x-sightline-signature:
 * sha256=<hex HMAC-SHA256 of the raw body>` keyed with the secret string; within the timeout, to an
 * address the SSRF guard accepted (checked in the socket's lookup). The attempt keeps the headers
 * sent and, bounded, the answer's status, headers and first bytes for the delivery log.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  isHeaderName,
  isHeaderValue,
  WEBHOOK_ATTEMPT_LIMITS,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_MSG,
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
  /** The headers sent (empty when the request could not be built). */
  requestHeaders: Record<string, string>;
  /** The answer's headers (bounded), null when no answer came. */
  responseHeaders: Record<string, string> | null;
}

interface SendRequest {
  targetUrl: string;
  /** The body's media type (contentTypeOf the webhook's format). */
  contentType: string;
  headers: Record<string, string>;
  secret: string;
  /** The string the deprecated `x-sightline-signature` is keyed with (`secret` when null). */
  legacySecret?: string | null;
  body: string;
  event: string;
  /** The message id: the same for every attempt of a delivery, so a receiver can drop repeats. */
  deliveryId: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** The one URL let through the guard without allowPrivate: the demo's own receiver, if any. */
  trustedTarget?: string;
}

/**
 * The media type of a webhook's bodies: an EPCIS document is JSON-LD (its `@context` names GS1's
 * vocabulary), as the EPCIS query answers it; the mapped changes are plain JSON.
 */
export const contentTypeOf = (format: string) =>
  format === 'epcis' ? 'application/ld+json' : 'application/json';

const EXCERPT_BYTES = WEBHOOK_ATTEMPT_LIMITS.responseBytes;
const SECRET_PREFIX = 'whsec_';

/** Deprecated signature: hex HMAC-SHA256 of the body, keyed with the secret string as shown. */
const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The Standard Webhooks key: the bytes the base64 after `whsec_` decodes to. */
export const signingKey = (secret: string) =>
  secret.startsWith(SECRET_PREFIX)
    ? Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
    : Buffer.from(secret);

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the Standard Webhooks signature. */
const standardSignature = (secret: string, id: string, timestamp: number, body: string) =>
  `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/** The answer's headers for the log: at most so many, each value cut to a bound. */
function boundedHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (++n > WEBHOOK_ATTEMPT_LIMITS.responseHeaders) break;
    out[name] = (Array.isArray(value) ? value.join(', ') : value).slice(
      0,
      WEBHOOK_ATTEMPT_LIMITS.headerValueChars,
    );
  }
  return out;
}

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
      requestHeaders: {},
      responseHeaders: null,
    };
  }
}

function attemptSend(req: SendRequest, started: number): Promise<Attempt> {
  let sent: Record<string, string> = {};
  const done = (
    a: Omit<Attempt, 'latencyMs' | 'requestHeaders' | 'responseHeaders'>,
    answer?: Record<string, string>,
  ): Attempt => ({
    ...a,
    latencyMs: Math.round(performance.now() - started),
    requestHeaders: sent,
    responseHeaders: answer ?? null,
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
  const timestamp = Math.floor(Date.now() / 1000);
  sent = {
    ...req.headers,
    'content-type': req.contentType,
    'content-length': String(Buffer.byteLength(req.body)),
    'user-agent': 'Sightline-Webhooks/1',
    'webhook-id': req.deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(req.secret, req.deliveryId, timestamp, req.body),
    [WEBHOOK_SIGNATURE_HEADER]: signature(req.legacySecret ?? req.secret, req.body),
    [WEBHOOK_EVENT_HEADER]: req.event,
    [WEBHOOK_DELIVERY_HEADER]: req.deliveryId,
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (
      a: Omit<Attempt, 'latencyMs' | 'requestHeaders' | 'responseHeaders'>,
      answer?: Record<string, string>,
    ) => {
      if (settled) return;
      settled = true;
      resolve(done(a, answer));
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: sent,
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
          finish(
            {
              ok: status >= 200 && status < 300,
              status,
              error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
              responseExcerpt: excerpt,
            },
            boundedHeaders(response.headers),
          );
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
          : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
            ? WEBHOOK_MSG.targetUrlUnresolved
            : err.message;
      finish({ ok: false, status: null, error: message, responseExcerpt: null });
    });
    request.end(req.body);
  });
}
