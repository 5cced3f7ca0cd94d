/**
 * A body key that the route's body schema does not name is a 400 naming it, on every route: a
 * typo (`nmae`) or a field the server does not take (a webhook's `secret`) is never answered 200
 * and dropped. One rule over the route table instead of a strict schema per body: the shared
 * schemas strip unknown keys when they parse (the console parses with them), and the server
 * refuses them before they parse.
 *
 * The walk follows the body schema into nested objects, arrays and records. Maps whose keys are
 * free (`z.record`, `z.looseObject`, a catchall, `z.unknown()`) take any key. It runs after the
 * round-trip rule has dropped the server-owned fields a record read back carries.
 */
import type { FastifyInstance, onRouteHookHandler, preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors.js';

const UNKNOWN_KEY_MSG = 'is not a field this request takes';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths (`a.b`, `items.0.c`) of the keys of `value` that `schema` does not name. */
function unknownKeys(schema: z.ZodType, value: unknown, path: string[] = [], depth = 0): string[] {
  if (typeof value !== 'object' || value === null || depth > 64) return [];
  const def = defOf(schema);
  const walk = (inner: z.ZodType | undefined, v: unknown, at = path) =>
    inner ? unknownKeys(inner, v, at, depth + 1) : [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, value);
    case 'pipe':
      return walk(def.in, value);
    case 'lazy':
      return walk(def.getter?.(), value);
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape ?? {};
      return Object.entries(value).flatMap(([key, v]) => {
        const at = [...path, key];
        if (Object.hasOwn(shape, key)) return walk(shape[key], v, at);
        // A catchall names every other key (a loose object's is `unknown`), but a strict object's
        // `never`, which refuses them as any other object does.
        if (def.catchall && defOf(def.catchall).type !== 'never') return walk(def.catchall, v, at);
        return [at.join('.')];
      });
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => walk(def.element, v, [...path, String(i)])) : [];
    case 'tuple':
      return Array.isArray(value)
        ? value.flatMap((v, i) => walk(def.items?.[i] ?? def.rest ?? undefined, v, [...path, String(i)]))
        : [];
    case 'record':
      return isRecord(value)
        ? Object.entries(value).flatMap(([key, v]) => walk(def.valueType, v, [...path, key]))
        : [];
    case 'union': {
      // The options that take the value (unknown keys stripped); the one that knows most of it.
      const options = def.options ?? [];
      const takes = (o: z.ZodType) => {
        try {
          return o.safeParse(value).success;
        } catch {
          return false; // an asynchronous check: not decided here, the route's validation decides
        }
      };
      const taking = options.filter(takes);
      const found = (taking.length ? taking : options).map((o) => walk(o, value));
      return found.reduce((a, b) => (b.length < a.length ? b : a), found[0] ?? []);
    }
    case 'intersection': {
      const right = new Set(walk(def.right, value));
      return walk(def.left, value).filter((p) => right.has(p));
    }
    default:
      return [];
  }
}

export function registerUnknownKeys(app: FastifyInstance) {
  const guard = (body: z.ZodType): preValidationHookHandler =>
    async function refuseUnknownKeys(request) {
      const paths = unknownKeys(body, request.body);
      if (!paths.length) return;
      const errors = paths.map((p) => ({ path: `body.${p}`, message: UNKNOWN_KEY_MSG }));
      throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
    };

  const onRoute: onRouteHookHandler = (route) => {
    const body = (route.schema as { body?: unknown } | undefined)?.body;
    if (!body || typeof body !== 'object' || !('_zod' in body)) return;
    const hooks = route.preValidation;
    const mine = guard(body as z.ZodType);
    // After the round-trip rule's hook (registered before this one): a record read back has its
    // server-owned fields dropped by then.
    route.preValidation = hooks ? [...[hooks].flat(), mine] : mine;
  };
  app.addHook('onRoute', onRoute);
}
