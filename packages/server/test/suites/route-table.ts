/**
 * The route table the generated suites walk (docs/security.md, "Suites"): every
 * operation of the OpenAPI document (`app.swagger()`), so a route is covered the day it is added,
 * plus a plausible value for each parameter and body built from its JSON schema.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { rows } from '../../src/db/client.js';
import type { App } from '../../src/platform/context.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Route {
  method: string;
  /** Fastify's path (`/api/zones/:id`). */
  path: string;
  pathParams: string[];
  /** Each path parameter's schema (ids, or an enum such as a provider name). */
  pathSchemas: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  /** Query parameters the route requires. */
  requiredQuery: string[];
  /** The JSON body's schema; undefined for bodiless and multipart routes. */
  body?: JsonSchema;
  /** Answers with a long-lived `text/event-stream` (Server-Sent Events). */
  eventStream: boolean;
  /** What a multipart upload route takes (its `x-upload`): 'xlsx', 'photos', 'map-image'. */
  upload?: string;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-upload'?: string;
  /** The same operation with a path parameter left empty (`/api/images//zip`), and its query. */
  'x-empty-form'?: { path: string; parameter: string; required: string[] };
}

const EVENT_STREAM = 'text/event-stream';

/** Every operation of the OpenAPI document, in document order. */
export function routeTable(app: App): Route[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: Route[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const emptyForm = op['x-empty-form'];
      if (emptyForm) {
        // Two routes: with the parameter (no query) and without it (the query selects).
        const rest = params.filter((p) => p.in === 'query' || p.name !== emptyForm.parameter);
        routes.push(
          routeOf(method, openApiPath, { ...op, parameters: params.filter((p) => p.in === 'path') }),
        );
        routes.push({
          ...routeOf(method, emptyForm.path, { ...op, parameters: rest }),
          requiredQuery: emptyForm.required,
        });
        continue;
      }
      routes.push(routeOf(method, openApiPath, op));
    }
  }
  return routes;
}

/**
 * Path parameters that are not record ids of the fixture kinds, with a value of their shape:
 * `deliveryId` (a webhook delivery's decimal id; no fixture delivery, so a caller allowed through
 * meets 404 and every other check runs as for any route).
 */
const SAMPLE_PATH_PARAMS: Record<string, string> = { deliveryId: '1' };
function routeOf(method: string, openApiPath: string, op: OpenApiOperation): Route {
  const params = op.parameters ?? [];
  return {
    method: method.toUpperCase(),
    path: openApiPath.replace(/\{(\w+)\}/g, ':$1'),
    pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    pathSchemas: Object.fromEntries(
      params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}] as const),
    ),
    query: Object.fromEntries(
      params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}] as const),
    ),
    requiredQuery: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
    body: op.requestBody?.content['application/json']?.schema,
    eventStream: Object.values(op.responses ?? {}).some((r) => EVENT_STREAM in (r.content ?? {})),
    upload: op['x-upload'],
  };
}

/** The path parameters of a route: `id` for each id parameter, the first value of an enum one. */
export function pathParamsOf(route: Route, id: string): Record<string, string> {
  return Object.fromEntries(
    route.pathParams.map((name) => {
      const allowed = route.pathSchemas[name]?.enum;
      return [name, allowed?.length ? String(allowed[0]) : (SAMPLE_PATH_PARAMS[name] ?? id)];
    }),
  );
}

export const routeName = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** The URL of a route with its path parameters and query filled in. */
export function urlOf(route: Route, params: Record<string, string>, query: Record<string, string> = {}) {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const firstOf = (s: JsonSchema): JsonSchema | undefined =>
  (s.anyOf ?? s.oneOf)?.find((x) => x.type !== 'null') ?? s.allOf?.[0];

/** A value the schema plausibly accepts: enough to get a request past validation to the handler. */
export function plausible(schema: JsonSchema | undefined, key = '', depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = firstOf(schema);
  if (alt) return plausible(alt, key, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const value = plausible(schema.properties?.[name], `${key}.${name}`, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      // A map (header → field): one entry, since an empty one is refused.
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        out.Name = plausible(schema.additionalProperties, `${key}.Name`, depth + 1);
      }
      return out;
    }
    case 'array': {
      // Free strings (tags to add) get one item; ids stay empty, since a made-up id is refused.
      const item = schema.items;
      const free = item?.type === 'string' && !item.pattern && !item.enum && /tag/i.test(key);
      const n = Math.max(schema.minItems ?? 0, free ? 1 : 0);
      return Array.from({ length: n }, () => plausible(item, key, depth + 1));
    }
    case 'integer':
    case 'number':
      return Math.max(
        schema.minimum ?? 1,
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1,
      );
    case 'boolean':
      return false;
    case 'string':
      return plausibleString(schema, key);
    default:
      return undefined;
  }
}

function plausibleString(schema: JsonSchema, key: string): string {
  if (schema.pattern === '^[0-9a-f]{24}$') return '0123456789abcdef01234567';
  if (/timezone/i.test(key)) return 'UTC';
  if (/(^|\.)tag\w*$/i.test(key) || /0-9a-f|A-F/.test(schema.pattern ?? ''))
    return 'E2801160600002040000AB12';
  if (schema.format === 'email' || /email|username/i.test(key)) return `probe-${Date.now()}@example.com`;
  if (schema.format === 'date-time' || /date|time|after|before/i.test(key)) return new Date().toISOString();
  if (schema.format === 'uri' || /url/i.test(key)) return 'https://example.com/probe';
  if (/password/i.test(key)) return 'Granite-Puffin-Orbit-73';
  const min = schema.minLength ?? 1;
  return 'probe'.padEnd(min, 'x').slice(0, schema.maxLength ?? 1000);
}

/** Count and content hash of every table's rows of one organization (tables with an org_id). */
export async function snapshotOrg(app: App, orgId: string, skip: readonly string[] = []) {
  const tables = (
    await rows<{ table_name: string }>(
      app.ctx.db,
      sql`SELECT table_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY table_name`,
    )
  )
    .map((t) => t.table_name)
    .filter((t) => !skip.includes(t));
  // Failure counters move on a refused sign-in or code by design (they drive the login rate limit
  // and lockout): not compared.
  const row = sql`(to_jsonb(snap_row) - 'failed_logins'::text - 'locked'::text)::text`;
  const parts = tables.map(
    (t) =>
      sql`SELECT ${t}::text AS t, count(*)::int AS n,
            md5(coalesce(string_agg(md5(${row}), '' ORDER BY md5(${row})), '')) AS h
          FROM ${sql.identifier(t)} snap_row WHERE snap_row.org_id = ${orgId}`,
  );
  const result = await rows<{ t: string; n: number; h: string }>(
    app.ctx.db,
    sql.join(parts, sql` UNION ALL `),
  );
  return Object.fromEntries(result.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose snapshot differs. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);

/** A request that answers within `ms`, or `undefined` (a stream left open, e.g. the live SSE). */
export async function within(
  ms: number,
  pending: Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
