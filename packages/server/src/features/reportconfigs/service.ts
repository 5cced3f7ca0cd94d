/**
 * Report configurations: per site, readable with access to the site, written with
 * the `reportconfigs` rights. Every zone a config names must be a zone of its site and every
 * category one of the organization's, so a config never points at what its site cannot read.
 */
import { REPORT_MSG, type ReportConfigInput, type ReportConfigListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { categoryNames } from '../categories/repository.js';
import { requireSite } from '../sites/service.js';
import { presentReportConfig } from './presenter.js';
import * as repo from './repository.js';

const RESOURCE = 'reportconfigs';

export async function listReportConfigs(db: Db, caller: Caller, query: ReportConfigListQuery) {
  await requireSite(db, caller, query.site);
  return repo.listReportConfigs(db, caller.orgId, query);
}

/** A config of the caller's organization on a site the caller may see, or 404. */
export async function requireReportConfig(db: Db, caller: Caller, id: string) {
  const row = await repo.findReportConfig(db, caller.orgId, id);
  if (!row || !hasSite(caller, row.siteId)) throw notFound('Report config');
  return row;
}

export async function getReportConfig(db: Db, caller: Caller, id: string) {
  return presentReportConfig(await requireReportConfig(db, caller, id));
}

/** Zones must be the site's, categories the organization's: a 400 naming each unknown id. */
export async function checkReferences(
  db: Db,
  orgId: string,
  siteId: string,
  refs: { zones: string[]; categories: string[] },
) {
  const [zoneIds, categoryIds] = await Promise.all([
    repo.zoneIdsOfSite(db, orgId, siteId, [...new Set(refs.zones)]),
    categoryNames(db, orgId, [...new Set(refs.categories)]),
  ]);
  const errors = [
    ...refs.zones.flatMap((id, i) =>
      zoneIds.has(id) ? [] : [{ path: `zones.${i}`, message: REPORT_MSG.unknownZone(id) }],
    ),
    ...refs.categories.flatMap((id, i) =>
      categoryIds.has(id) ? [] : [{ path: `categories.${i}`, message: REPORT_MSG.unknownCategory(id) }],
    ),
  ];
  if (errors.length) throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

export async function createReportConfig(db: Db, caller: Caller, input: ReportConfigInput) {
  await requireSite(db, caller, input.site);
  authorize(caller, RESOURCE, 'create', input.site);
  await checkReferences(db, caller.orgId, input.site, input);
  return presentReportConfig(await repo.insertReportConfig(db, caller.orgId, input));
}

export async function updateReportConfig(db: Db, caller: Caller, id: string, input: ReportConfigInput) {
  const current = await requireReportConfig(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId);
  if (input.site !== current.siteId)
    throw badRequest(REPORT_MSG.siteImmutable, [{ path: 'site', message: REPORT_MSG.siteImmutable }]);
  await checkReferences(db, caller.orgId, input.site, input);
  const row = await repo.updateReportConfig(db, caller.orgId, id, input);
  if (!row) throw notFound('Report config');
  return presentReportConfig(row);
}

export async function deleteReportConfig(db: Db, caller: Caller, id: string) {
  const current = await requireReportConfig(db, caller, id);
  authorize(caller, RESOURCE, 'delete', current.siteId);
  await repo.deleteReportConfig(db, caller.orgId, id);
}
