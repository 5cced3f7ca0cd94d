/**
 * The one place changes are recorded: every write route of the API is wrapped when it is
 * registered (Fastify's onRoute hook, added before any feature's routes), so a new route is
 * audited without a line of its own. A wrapped request runs in one transaction that every query
 * of the request joins (platform/request-tx.ts); the record's state before and after is what its
 * own GET route answers (its presenter), read inside that transaction; the audit row is appended
 * before COMMIT, so a change and its row commit together or not at all.
 *
 * Routes whose refusals must stick (a wrong password or code counts toward the lockout even though
 * the request fails) commit their own writes; their row follows in a second transaction.
 */
import type { FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import type { App } from '../../platform/context.js';
import { type DescribedChange, describedChanges, inRequestTransaction } from '../../platform/request-tx.js';
import { actorOf, clientOf } from './actors.js';
import { canonicalJson } from './chain.js';
import { recordWorkerRead, WORKER_READS } from './reads.js';
import { redact } from './redact.js';
import { type AuditEntry, appendAuditRows } from './repository.js';
import { recordSignIn, signInPlan } from './sign-ins.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Write routes that change nothing (an uploaded sheet read back, previews, ad-hoc reports), a pending second factor
 * (it counts once confirmed), and the readers' sightings and EPCIS captures (tracking data, not a
 * change of a record).
 */
const NOT_A_CHANGE = new Set([
  'POST /api/import/preview',
  'POST /api/import/sheet',
  'POST /api/reports/adhoc',
  'POST /api/users/me/totp/setup',
  'POST /api/auth/totp/setup',
  'POST /api/auth/passwordresetrequest',
  'POST /api/epcis/capture',
]);
const READER_ROUTES = /^\/api\/ingest\//;

/** Actions of routes that are not a plain create, update or delete. */
const ACTION_OF: Record<string, string> = {
  'POST /api/users/me/totp/enable': 'totp-enrol',
  'POST /api/users/me/totp/disable': 'totp-remove',
  'DELETE /api/users/:id/totp': 'totp-remove',
  'POST /api/things/:id/erase': 'erase',
  'POST /api/exceptions/:id/acknowledge': 'acknowledge',
  'POST /api/exceptions/:id/resolve': 'resolve',
  'POST /api/exceptions/acknowledge': 'acknowledge',
  'POST /api/exceptions/resolve': 'resolve',
  // Settings are saved by POST on their own URL: an update of the record that URL answers.
  'POST /api/orgsettings': 'update',
  'POST /api/retention/run': 'purge',
};

/** POST routes that save the record their own URL's GET answers (read before and after). */
const SAVED_AT_OWN_URL = new Set(['POST /api/orgsettings']);

/** Routes that commit their own writes (attempts counted toward a lockout); the row follows. */
const OWN_TRANSACTION = new Set([
  'PUT /api/users/me',
  'POST /api/users/me/totp/enable',
  'POST /api/users/me/totp/disable',
]);

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** Whether a write route records a change (the generated suite walks the same rule). */
export function recordsChange(method: string, url: string): boolean {
  return (
    WRITES.has(method) &&
    url.startsWith('/api/') &&
    !READER_ROUTES.test(url) &&
    !NOT_A_CHANGE.has(routeKey(method, url)) &&
    !url.startsWith('/api/auth/')
  );
}

export function registerAuditRecorder(app: App) {
  const rawDb = app.ctx.database.db;
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const method = methods[0] ?? '';
    if (methods.length !== 1) return;
    const url = route.url ?? '';
    const original = route.handler as RouteHandlerMethod;
    const signIn = signInPlan(method, url);
    if (signIn) {
      route.handler = function (this: unknown, req, reply) {
        return recordSignIn(rawDb, signIn, req, reply, () => original.call(this as never, req, reply));
      } as RouteHandlerMethod;
      return;
    }
    const read = WORKER_READS[routeKey(method, url)];
    if (read) {
      const key = routeKey(method, url);
      route.handler = function (this: unknown, req, reply) {
        return recordWorkerRead(rawDb, key, read, req, reply, () => original.call(this as never, req, reply));
      } as RouteHandlerMethod;
      return;
    }
    if (!recordsChange(method, url)) return;
    const plan: ChangePlan = {
      method,
      url,
      resource: url.split('/')[2] ?? '',
      action: ACTION_OF[routeKey(method, url)] ?? defaultAction(method, url),
      ownTransaction: OWN_TRANSACTION.has(routeKey(method, url)),
    };
    route.handler = function (this: unknown, req, reply) {
      return recordChange(app, rawDb, plan, req, reply, () => original.call(this as never, req, reply));
    } as RouteHandlerMethod;
  });
}

interface ChangePlan {
  method: string;
  url: string;
  resource: string;
  action: string;
  ownTransaction: boolean;
}

function defaultAction(method: string, url: string): string {
  if (method === 'DELETE' && /\/:id$/.test(url)) return 'delete';
  if (method === 'POST' && !url.includes(':')) return 'create';
  return 'update';
}

async function recordChange(
  app: App,
  rawDb: Db,
  plan: ChangePlan,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: () => unknown,
) {
  const caller = req.caller;
  // No caller: the route refuses (401) before it changes anything.
  if (!caller) return handle();
  // An erasure keeps that it happened and its counts, not the record it erased.
  const record = plan.action === 'erase' ? undefined : recordUrlOf(app, plan, req);
  const entryOf = async (result: unknown, before: unknown): Promise<AuditEntry> => {
    const after = await afterOf(app, plan, req, result);
    return changeEntry(caller, plan, req, record ? before : undefined, after);
  };
  if (plan.ownTransaction) {
    const before = record ? await readRecord(app, req, record) : undefined;
    const result = await handle();
    if (reply.statusCode < 400) {
      const entry = await entryOf(result, before);
      await inRequestTransaction(rawDb, (tx) => appendAuditRows(tx, [entry]));
    }
    return result;
  }
  return deferringSend(reply, () =>
    inRequestTransaction(rawDb, async (tx: Tx) => {
      const before = record ? await readRecord(app, req, record) : undefined;
      const result = await handle();
      if (reply.statusCode >= 400) return result;
      const described = describedChanges();
      const entries = described
        ? described.map((d) => describedEntry(caller, plan, req, d))
        : [await entryOf(result, before)];
      await appendAuditRows(tx, entries);
      return result;
    }),
  );
}

/**
 * Runs `work` with the reply's sending held back until it resolved: a handler that sends itself
 * (`reply.code(204).send()`) is answered after the COMMIT, so no client sees a change that then
 * rolls back. While held, the reply is no promise (Fastify's reply resolves once sent).
 */
async function deferringSend(reply: FastifyReply, work: () => Promise<unknown>) {
  let held: { payload: unknown } | undefined;
  const patch = reply as unknown as Record<string, unknown>;
  patch.send = (payload?: unknown) => {
    held = { payload };
    return reply;
  };
  Object.defineProperty(reply, 'then', { value: undefined, configurable: true, writable: true });
  let result: unknown;
  try {
    result = await work();
  } finally {
    Reflect.deleteProperty(patch, 'send');
    Reflect.deleteProperty(patch, 'then');
  }
  if (held) return reply.send(held.payload);
  return result;
}

/** The GET route of the record a write changes: its own URL, its parent's `:id`, or none. */
function recordUrlOf(app: App, plan: ChangePlan, req: FastifyRequest): string | undefined {
  const params = req.params as Record<string, string | undefined>;
  const idRoute = /^(.*\/:id)(\/|$)/.exec(plan.url)?.[1];
  if (idRoute && params.id && app.hasRoute({ method: 'GET', url: idRoute }))
    return idRoute.replace(':id', encodeURIComponent(params.id));
  const ownUrl = plan.method !== 'POST' || SAVED_AT_OWN_URL.has(routeKey(plan.method, plan.url));
  if (!plan.url.includes(':') && ownUrl && app.hasRoute({ method: 'GET', url: plan.url })) return req.url;
  return undefined;
}

/** The record after the change: read again, the created record by its new id, or the answer. */
async function afterOf(app: App, plan: ChangePlan, req: FastifyRequest, result: unknown) {
  if (plan.action === 'erase') return result;
  const record = recordUrlOf(app, plan, req);
  if (record) return plan.action === 'delete' ? undefined : readRecord(app, req, record);
  const id = idOf(result);
  const itemRoute = `${plan.url}/:id`;
  if (plan.method === 'POST' && id && app.hasRoute({ method: 'GET', url: itemRoute }))
    return readRecord(app, req, itemRoute.replace(':id', encodeURIComponent(id)));
  if (result && typeof result === 'object' && !('raw' in result)) return result;
  return req.body && typeof req.body === 'object' ? req.body : undefined;
}

const HEADERS = ['cookie', 'authorization', 'host', 'user-agent'] as const;

/** What the record's GET route answers the caller (JSON), or undefined. */
async function readRecord(app: App, req: FastifyRequest, url: string): Promise<unknown> {
  const headers = Object.fromEntries(HEADERS.flatMap((h) => (req.headers[h] ? [[h, req.headers[h]]] : [])));
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) return undefined;
  return res.json();
}

const idOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const id = v._id ?? v.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

const ID = /^[0-9a-f]{24}$/;
const siteOf = (...candidates: unknown[]): string | null => {
  for (const c of candidates) {
    const site = c && typeof c === 'object' ? (c as Record<string, unknown>).site : undefined;
    if (typeof site === 'string' && ID.test(site)) return site;
  }
  return null;
};

/** `{ field: [before, after] }` of the fields that differ. */
function diff(before: unknown, after: unknown): Record<string, unknown> {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isRecord(before) || !isRecord(after))
    return canonicalJson(before) === canonicalJson(after) ? {} : { value: [before, after] };
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (canonicalJson(before[key]) !== canonicalJson(after[key]))
      out[key] = [before[key] ?? null, after[key] ?? null];
  }
  return out;
}

/** The row of one record's change as its route described it. */
function describedEntry(
  caller: Caller,
  plan: ChangePlan,
  req: FastifyRequest,
  described: DescribedChange,
): AuditEntry {
  return entryOf(caller, plan, req, {
    resourceId: described.resourceId,
    siteId: described.siteId,
    changes: redact(described.changes) as Record<string, unknown>,
  });
}

/** A change's row: who, from where, what; the record's id, site and changes as given. */
function entryOf(
  caller: Caller,
  plan: ChangePlan,
  req: FastifyRequest,
  row: Pick<AuditEntry, 'resourceId' | 'siteId' | 'changes'>,
): AuditEntry {
  return {
    orgId: caller.orgId,
    actor: actorOf(caller),
    ...clientOf(req),
    action: plan.action,
    resource: plan.resource,
    ...row,
  };
}

function changeEntry(
  caller: Caller,
  plan: ChangePlan,
  req: FastifyRequest,
  before: unknown,
  after: unknown,
): AuditEntry {
  const params = req.params as Record<string, string | undefined>;
  let changes: unknown;
  if (before !== undefined && after !== undefined) changes = diff(redact(before), redact(after));
  else changes = redact(after ?? before ?? null);
  const wrapped =
    changes && typeof changes === 'object' && !Array.isArray(changes) ? changes : { value: changes };
  return entryOf(caller, plan, req, {
    resourceId: params.id ?? idOf(after) ?? idOf(before) ?? null,
    siteId: siteOf(after, before, req.query, req.body),
    changes: wrapped as Record<string, unknown>,
  });
}
