/**
 * A fetch for requests the server makes on a user's say-so (an identity provider's discovery,
 * token, userinfo and key endpoints): the socket connects only to an address the address guard
 * accepts (checked in its own DNS lookup, so a rebinding answer cannot slip past), redirects are
 * not followed, and the answer is cut at a size no provider document comes near.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isForbiddenAddress } from './address-guard.js';

/** Discovery documents, key sets and token answers are a few kilobytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

export interface FetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

class ForbiddenAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

function bodyOf(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('unsupported request body');
}

/** `fetch` restricted to the addresses the guard accepts (`allowPrivate` lifts the restriction). */
export function guardedFetch(allowPrivate: boolean) {
  return (input: string, options: FetchOptions = {}): Promise<Response> => {
    const url = new URL(input);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
    }
    const host = hostOf(url);
    if (!allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      return Promise.reject(new ForbiddenAddressError(`refused: ${host} is a private address`));
    }
    const body = bodyOf(options.body);
    const client = url.protocol === 'https:' ? https : http;
    const signal = options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)])
      : AbortSignal.timeout(TIMEOUT_MS);
    return new Promise((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: options.method ?? 'GET',
          headers: {
            ...options.headers,
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
          lookup: allowPrivate ? undefined : guardedLookup,
          signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) {
              response.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
            }
            const status = response.statusCode ?? 502;
            const nullBody = status === 204 || status === 304 || (status >= 100 && status < 200);
            resolve(
              new Response(nullBody ? null : Buffer.concat(chunks), {
                status,
                statusText: response.statusMessage,
                headers,
              }),
            );
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
