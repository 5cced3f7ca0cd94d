/**
 * A PUT takes back the body its GET answered. A client may GET a record, change a field and PUT
 * the whole object back: the fields the server owns (ids, times, computed state) come along.
 *
 * The server-owned fields of a PUT route are the properties of its answer that its body schema
 * does not take. When the body carries any of them and a GET route has the same path, the record
 * is read as the caller sees it (that GET, with the caller's credentials): a server-owned field
 * equal to what it answers is dropped before the strict body schema runs; one that differs is a
 * 400 naming it, before anything is stored. Keys neither side knows stay a 400 of the body schema.
 * Fields the server changes on its own (`x-server-changes`) are dropped without a comparison: an
 * older value sent back is not a change the client asks for.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from './errors.js';

const SERVER_OWNED_MSG = 'is set by the server and cannot be changed';

/** Top-level properties of a zod object schema (as JSON schema), or none. */
function propertiesOf(schema: unknown, io: 'input' | 'output'): [string, Record<string, unknown>][] {
  if (!(schema instanceof z.ZodType)) return [];
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as {
      properties?: Record<string, Record<string, unknown>>;
    };
    return Object.entries(json.properties ?? {});
  } catch {
    return [];
  }
}

/**
 * The server-owned fields of a route: in its 200 answer, not in its body. `changing`: those the
 * server changes on its own (marked `x-server-changes`), ignored whatever value comes back.
 */
export function serverOwnedFields(body: unknown, answer: unknown) {
  const accepted = new Set(propertiesOf(body, 'input').map(([name]) => name));
  if (!accepted.size) return { owned: [], changing: new Set<string>() };
  const owned = propertiesOf(answer, 'output').filter(([name]) => !accepted.has(name));
  return {
    owned: owned.map(([name]) => name),
    changing: new Set(owned.filter(([, s]) => s['x-server-changes'] === true).map(([name]) => name)),
  };
}

/** Headers that say who the caller is and which organization (by host) it addresses. */
const IDENTITY_HEADERS = ['cookie', 'authorization', 'host'] as const;

export function registerRoundTrip(app: FastifyInstance) {
  const readable = new Set<string>();

  const guard = (
    url: string,
    { owned, changing }: ReturnType<typeof serverOwnedFields>,
  ): preValidationHookHandler =>
    async function roundTrip(request: FastifyRequest) {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
      const record = body as Record<string, unknown>;
      const sent = owned.filter((name) => name in record);
      const compared = sent.filter((name) => !changing.has(name));
      if (!compared.length || !readable.has(url)) {
        if (readable.has(url)) for (const name of sent) delete record[name];
        return;
      }
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
      const changed = compared.filter((name) => !isDeepStrictEqual(record[name], stored[name]));
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
    const fields = serverOwnedFields(schema?.body, schema?.response?.[200]);
    if (!fields.owned.length) return;
    const hooks = route.preValidation;
    const mine = guard(route.url, fields);
    route.preValidation = hooks ? [...[hooks].flat(), mine] : mine;
  };
  app.addHook('onRoute', onRoute);
}
