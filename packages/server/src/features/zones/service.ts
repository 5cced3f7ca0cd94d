import { ZONE_MSG, type ZoneInput, type ZoneListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { requireSite } from '../sites/service.js';
import { presentZone } from './presenter.js';
import * as repo from './repository.js';

export async function listZones(db: Db, caller: Caller, query: ZoneListQuery) {
  await requireSite(db, caller, query.site);
  return repo.listZones(db, caller.orgId, query);
}

/** A zone of the caller's organization on a site the caller may see, or 404. */
async function requireZone(db: Db, caller: Caller, id: string) {
  const row = await repo.findZone(db, caller.orgId, id);
  if (!row || !hasSite(caller, row.siteId)) throw notFound('Zone');
  return row;
}

export async function getZone(db: Db, caller: Caller, id: string) {
  return presentZone(await requireZone(db, caller, id));
}

/** Every gate must name an endpoint of the zone's own site. */
async function checkGates(db: Db, orgId: string, input: ZoneInput) {
  const ids = input.gates.map((g) => g.endpoint);
  const known = await repo.endpointIdsOfSite(db, orgId, input.site, [...new Set(ids)]);
  const errors = ids.flatMap((id, i) =>
    known.has(id) ? [] : [{ path: `gates.${i}.endpoint`, message: ZONE_MSG.unknownEndpoint }],
  );
  if (errors.length) throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

export async function createZone(db: Db, caller: Caller, input: ZoneInput) {
  await requireSite(db, caller, input.site);
  authorize(caller, 'zones', 'create', input.site);
  await checkGates(db, caller.orgId, input);
  return presentZone(await repo.insertZone(db, caller.orgId, input));
}

export async function updateZone(db: Db, caller: Caller, id: string, input: ZoneInput) {
  const current = await requireZone(db, caller, id);
  authorize(caller, 'zones', 'modify', current.siteId);
  if (input.site !== current.siteId)
    throw badRequest(ZONE_MSG.siteImmutable, [{ path: 'site', message: ZONE_MSG.siteImmutable }]);
  await checkGates(db, caller.orgId, input);
  const row = await repo.updateZone(db, caller.orgId, id, input);
  if (!row) throw notFound('Zone');
  return presentZone(row);
}

export async function deleteZone(db: Db, caller: Caller, id: string) {
  const current = await requireZone(db, caller, id);
  authorize(caller, 'zones', 'delete', current.siteId);
  await db.transaction((tx) => repo.deleteZone(tx, caller.orgId, id));
}
