/**
 * Who looked at a worker's whereabouts: each route that answers a worker's location history writes
 * a `read` row naming the worker (a route filtered to one thing that is a worker) or "every worker
 * of site S" (a whole-site report, export or the live stream, when the site has workers). Items
 * are not logged. Reads change nothing, so the row is written in its own transaction once the
 * answer is ready (the live stream: once per stream opened, not per message).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { inRequestTransaction } from '../../platform/request-tx.js';
import { actorOf, clientOf } from './actors.js';
import {
  type AuditEntry,
  appendAuditRows,
  reportConfigSite,
  siteHasWorkers,
  workerById,
} from './repository.js';

/** `thing`: the route reads one thing's history when its query names one; else the whole site's. */
type ReadScope = 'thing-or-site' | 'thing' | 'site' | 'record';

/** The routes that answer location history, keyed `METHOD url`. */
export const WORKER_READS: Record<string, ReadScope> = {
  'GET /api/events': 'thing',
  'GET /api/zonedurations': 'thing',
  'GET /api/eventsbything/export': 'thing-or-site',
  'GET /api/zonedurations/summary': 'site',
  'GET /api/reports/:id': 'site',
  'POST /api/reports/adhoc': 'site',
  'GET /api/things/export': 'site',
  'GET /api/live': 'site',
  'GET /api/things/:id/personal-data': 'record',
  'GET /api/exceptions': 'thing',
  'GET /api/exceptions/export': 'site',
};

const ID = /^[0-9a-f]{24}$/;
const field = (value: unknown, name: string): string | undefined => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' && ID.test(v) ? v : undefined;
};

/** The read row of an answered request, or none (an item, a site without workers). */
async function readEntry(
  db: Db,
  key: string,
  scope: ReadScope,
  req: FastifyRequest,
): Promise<AuditEntry | undefined> {
  const caller = req.caller;
  if (!caller) return undefined;
  const base = { orgId: caller.orgId, actor: actorOf(caller), ...clientOf(req), action: 'read' };
  const params = req.params as Record<string, string | undefined>;
  const thingId =
    scope === 'record' ? field(params, 'id') : (field(req.query, 'thing') ?? field(req.body, 'thing'));
  if (scope !== 'site' && thingId) {
    const worker = await workerById(db, caller.orgId, thingId);
    if (!worker) return undefined;
    return {
      ...base,
      resource: 'workers',
      resourceId: worker.id,
      siteId: worker.siteId,
      changes: { workers: [{ id: worker.id, name: worker.name }], route: key },
    };
  }
  if (scope === 'thing' || scope === 'record') return undefined;
  const site =
    field(req.query, 'site') ??
    field(req.body, 'site') ??
    (key === 'GET /api/reports/:id' && params.id
      ? await reportConfigSite(db, caller.orgId, params.id)
      : undefined);
  // A whole-site answer includes workers only when it is not limited to items and the site shows
  // its workers (hideWorkers leaves them out of every list and report).
  const cls =
    (req.query as { class?: unknown } | undefined)?.class ??
    (req.body as { class?: unknown } | undefined)?.class;
  if (cls === 'item') return undefined;
  if (!site || !(await siteHasWorkers(db, caller.orgId, site))) return undefined;
  return {
    ...base,
    resource: 'workers',
    siteId: site,
    changes: { workers: 'every worker of the site', route: key },
  };
}

/** Wraps a route that answers location history: its read row follows a successful answer. */
export function recordWorkerRead(
  db: Db,
  key: string,
  scope: ReadScope,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: () => unknown,
) {
  return (async () => {
    const result = await handle();
    if (reply.statusCode < 400) {
      const entry = await readEntry(db, key, scope, req);
      if (entry) await inRequestTransaction(db, (tx) => appendAuditRows(tx, [entry]));
    }
    return result;
  })();
}
