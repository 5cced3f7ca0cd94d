/**
 * A PUT takes back the body its GET answered. A client may GET a record, change a field and PUT
 * the whole object back: the fields the server owns (ids, times, computed state) come along.
 *
 * The server-owned fields of a PUT route are the properties of its answer that its body schema
 * does not take. When the body carries any of them and a GET route has the same path, the record
 * is read as the caller sees it (that GET, with the caller's credentials): a server-owned field
 * equal to what it answers is dropped before the strict body schema runs; one that differs is a
 * 400 naming it, before anything is stored. Keys neither side knows stay a 400 of the body schema.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from './errors.js';

export const SERVER_OWNED_MSG = 'is set by the server and cannot be changed';

/** Top-level property names of a zod object schema (as JSON schema), or none. */
function propertiesOf(schema: unknown, io: 'input' | 'output'): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** The server-owned fields of a route: in its 200 answer, not in its body. */
export function serverOwnedFields(body: unknown, answer: unknown): string[] {
  const accepted = new Set(propertiesOf(body, 'input'));
  if (!accepted.size) return [];
  return propertiesOf(answer, 'output').filter((name) => !accepted.has(name));
}

/** Headers that say who the caller is and which organization (by host) it addresses. */
const IDENTITY_HEADERS = ['cookie', 'authorization', 'host'] as const;

export function registerRoundTrip(app: FastifyInstance) {
  const readable = new Set<string>();

  const guard = (url: string, owned: string[]): preValidationHookHandler =>
    async function roundTrip(request: FastifyRequest) {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
      const record = body as Record<string, unknown>;
      const sent = owned.filter((name) => name in record);
      if (!sent.length || !readable.has(url)) return;
      const headers = Object.fromEntries(
        IDENTITY_HEADERS.flatMap((h) => (request.headers[h] ? [[h, String(request.headers[h])]] : [])),
      );
      const current = await app.inject({
        method: 'GET',
        url: request.url,
        headers,
        remoteAddress: request.ip,
      });
      if (current.statusCode === 404) throw new HttpError(404, current.json().message ?? 'Not found');
      // Anything else the GET refuses, the PUT's own checks answer: the fields stay unknown keys.
      if (current.statusCode !== 200) return;
      const stored = current.json() as Record<string, unknown>;
      const changed = sent.filter((name) => !isDeepStrictEqual(record[name], stored[name]));
      if (changed.length) {
        const errors = changed.map((path) => ({ path, message: SERVER_OWNED_MSG }));
        throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
      }
      for (const name of sent) delete record[name];
    };

  const onRoute: onRouteHookHandler = (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET')) readable.add(route.url);
    if (!methods.includes('PUT')) return;
    const schema = route.schema as { body?: unknown; response?: Record<string, unknown> } | undefined;
    const owned = serverOwnedFields(schema?.body, schema?.response?.[200]);
    if (!owned.length) return;
    const hooks = route.preValidation;
    const mine = guard(route.url, owned);
    route.preValidation = hooks ? [...[hooks].flat(), mine] : mine;
  };
  app.addHook('onRoute', onRoute);
}
