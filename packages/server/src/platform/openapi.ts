/**
 * The OpenAPI document at /api/docs/json, built from the route table so that a client can be
 * generated from it: every operation gets an operationId, a summary, its security and its error
 * answers from what the route is (its path, method, parameters and whether it is public), never
 * from a list kept by hand. A route may still set its own `summary` in its schema, and name error
 * answers the rules below cannot see in `x-errors` (e.g. `{ 'x-errors': [404] }`).
 */
import { CSRF_HEADER, CSRF_VALUE } from '@sightline/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './sessions.js';

type Json = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}
interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
  'x-auth'?: Auth;
  'x-errors'?: number[];
  [key: string]: unknown;
}
interface Document {
  servers?: Json[];
  components?: { schemas?: Json; securitySchemes?: Json; responses?: Json };
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** How a route authenticates: a user (session or API key), a reader endpoint, or nobody. */
type Auth = 'user' | 'reader' | 'none';

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by POST /api/auth/login.',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: `Must be \`${CSRF_VALUE}\` on every unsafe method of a cookie session (else 403).`,
  },
  apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (POST /api/apikeys).' },
  readerBasic: {
    type: 'http',
    scheme: 'basic',
    description: "A reader endpoint: user = the endpoint's uuid, password = its key.",
  },
  readerBearer: {
    type: 'http',
    scheme: 'bearer',
    description: "A reader endpoint's key; its uuid in the path, in `x-endpoint-uuid` or in the body.",
  },
  readerUuid: { type: 'apiKey', in: 'header', name: 'x-endpoint-uuid', description: "The endpoint's uuid." },
} as const;

/** Security requirements (alternatives) of an operation. */
function securityOf(auth: Auth, method: string, path: string): Operation['security'] {
  if (auth === 'none') return [];
  if (auth === 'reader') {
    // With a uuid in the path, Basic or Bearer; else the uuid comes in a header or the body.
    if (path.includes('{')) return [{ readerBasic: [] }, { readerBearer: [] }];
    return [{ readerBasic: [] }, { readerBearer: [], readerUuid: [] }, {}];
  }
  const session: Record<string, string[]> = UNSAFE.has(method) ? { session: [], csrf: [] } : { session: [] };
  return [session, { apiKey: [] }];
}

/** The per-route step: the zod schemas to JSON schema, plus how the route authenticates. */
export function transformRoute(arg: Parameters<typeof jsonSchemaTransform>[0]) {
  const out = jsonSchemaTransform(arg);
  const route = (arg as { route?: RouteOptions }).route;
  const isPublic = Boolean((route?.config as { public?: boolean } | undefined)?.public);
  const auth: Auth = arg.url.startsWith('/api/ingest/')
    ? 'reader'
    : !isPublic && arg.url.startsWith('/api/')
      ? 'user'
      : 'none';
  return { ...out, schema: { ...(out.schema as FastifySchema), 'x-auth': auth } };
}

const ErrorBody = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    reason: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const errorResponses = {
  BadRequest: 'The parameters or the body are not valid; `errors` names each problem.',
  Unauthorized: 'No valid credentials.',
  Forbidden: 'The caller may not do this (or, for a cookie session, the CSRF header is missing).',
  NotFound: 'No such record, or not visible to the caller.',
  TooManyRequests: 'Too many requests from this address within the window; wait and try again.',
};
const ERROR_NAMES: Record<number, keyof typeof errorResponses> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
};
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const ref = (name: keyof typeof errorResponses) => ({ $ref: `#/components/responses/${name}` });

/** `get /api/images/{id}/meta` → `getImagesByIdMeta`: unique, stable, a valid identifier. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1] ?? ''] : segment.split(/[^A-Za-z0-9]+/);
    });
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * A path with an empty segment (`/api/images//zip`) is the same operation as its neighbour with a
 * path parameter there (`/api/images/{id}/zip`) given an empty value: one operation whose
 * parameter may be empty, and which takes the empty form's query parameters (used only then).
 */
function mergeEmptySegments(doc: Document) {
  for (const path of Object.keys(doc.paths)) {
    if (!path.includes('//')) continue;
    const pattern = new RegExp(
      `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('//', '/\\{(\\w+)\\}/')}$`,
    );
    const twin = Object.keys(doc.paths).find((p) => pattern.test(p));
    const name = twin && pattern.exec(twin)?.[1];
    if (!twin || !name) continue;
    const empty = doc.paths[path] ?? {};
    for (const [method, op] of Object.entries(empty)) {
      const target = doc.paths[twin]?.[method];
      if (!target) continue;
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({
          ...p,
          required: false,
          description: `With an empty \`${name}\` only${p.required ? ' (then required)' : ''}.`,
        }));
      // What the route table of the tests walks: the empty form as a route of its own.
      target['x-empty-form'] = {
        path,
        parameter: name,
        required: (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      };
      target.parameters = [
        ...(target.parameters ?? []).map((p) =>
          p.in === 'path' && p.name === name
            ? {
                ...p,
                description: `Comma-separated ids, or empty (\`${path}\`) for what the query selects.`,
                schema: { type: 'string', pattern: '^([0-9a-f]{24}(,[0-9a-f]{24})*)?$' },
              }
            : p,
        ),
        ...query,
      ];
    }
    delete doc.paths[path];
  }
}

/**
 * zod writes a tuple of like items (`[x, y]`) as `items: { anyOf: [number, number] }`: the same
 * alternative twice says nothing more, so duplicates are dropped and a lone one is inlined.
 */
function dropDuplicateAlternatives(node: unknown) {
  if (Array.isArray(node)) {
    for (const item of node) dropDuplicateAlternatives(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  for (const value of Object.values(schema)) dropDuplicateAlternatives(value);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[key];
    if (!Array.isArray(alternatives)) continue;
    const unique = [...new Map(alternatives.map((a) => [JSON.stringify(a), a])).values()];
    if (unique.length === 1 && Object.keys(schema).length === 1) {
      delete schema[key];
      Object.assign(schema, unique[0]);
    } else schema[key] = unique;
  }
}

/**
 * A PUT takes back the record its GET answered (platform/round-trip.ts): the fields the server
 * owns are in its body schema too, optional and marked `x-server-owned`, so a generated client may
 * send the record it read with one field changed.
 */
function acceptServerOwnedFields(doc: Document) {
  for (const operations of Object.values(doc.paths)) {
    const body = (operations.put?.requestBody as { content?: Record<string, { schema?: Json }> })?.content?.[
      'application/json'
    ]?.schema;
    const answer = (operations.get?.responses?.['200']?.content as Record<string, { schema?: Json }>)?.[
      'application/json'
    ]?.schema;
    const taken = body?.properties as Record<string, Json> | undefined;
    const answered = answer?.properties as Record<string, Json> | undefined;
    if (!taken || !answered) continue;
    for (const [name, schema] of Object.entries(answered)) {
      if (name in taken) continue;
      taken[name] = {
        ...schema,
        description: 'Set by the server: accepted back unchanged, a 400 if changed.',
        'x-server-owned': true,
      };
    }
  }
}

/** The whole-document step: servers, security schemes, and each operation's id, summary and errors. */
export function transformDocument(document: object) {
  const doc = (document as { openapiObject: Document }).openapiObject;
  mergeEmptySegments(doc);
  dropDuplicateAlternatives(doc.paths);
  acceptServerOwnedFields(doc);
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const auth = op['x-auth'] ?? 'user';
      delete op['x-auth'];
      // An upload route's parts (platform/multipart.ts) are its body, as a form.
      if (op['x-form']) {
        op.requestBody = { required: true, content: { 'multipart/form-data': { schema: op['x-form'] } } };
        delete op['x-form'];
      }
      op.operationId ??= operationIdOf(method, path);
      op.summary ??= `${method.toUpperCase()} ${path}`;
      op.security = securityOf(auth, method, path);
      op.responses ??= {};
      const responses = op.responses;
      const add = (status: string, name: keyof typeof errorResponses) => {
        responses[status] ??= ref(name);
      };
      const params = op.parameters ?? [];
      // Every route validates what it takes (ingest bodies are parsed, 400 naming the problem),
      // and a POST or PUT body that is not JSON is a 400 too.
      if (params.length || op.requestBody || method === 'post' || method === 'put') add('400', 'BadRequest');
      if (auth !== 'none') add('401', 'Unauthorized');
      if (auth === 'user') add('403', 'Forbidden');
      if (params.some((p) => p.in === 'path')) add('404', 'NotFound');
      for (const status of op['x-errors'] ?? []) add(String(status), ERROR_NAMES[status] ?? 'BadRequest');
      delete op['x-errors'];
    }
  }
  doc.servers = [{ url: '/' }];
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: ErrorBody },
    responses: Object.fromEntries(
      Object.entries(errorResponses).map(([name, text]) => [name, errorResponse(text)]),
    ),
    securitySchemes,
  };
  // biome-ignore lint/suspicious/noExplicitAny: @fastify/swagger types the result as its own Document.
  return doc as any;
}
