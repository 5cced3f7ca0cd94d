/** How the simulator reaches a server: over HTTP (the CLI) or in-process through `app.inject` (the demo). */
import type { App } from '../../platform/context.js';
import type { SimTransport } from './simulator.js';

/** POSTs JSON to `baseUrl` + path; a request taking longer than `timeoutMs` fails. */
export function httpTransport(baseUrl: string, timeoutMs = 30_000): SimTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ path, headers, body }) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text() };
  };
}

/** The same requests, handed to the app in-process (no port, no network). */
export function injectTransport(app: App): SimTransport {
  return async ({ path, headers, body }) => {
    const res = await app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body) });
    return { status: res.statusCode, body: res.body };
  };
}
