import { type ListQuery, SITE_MSG, type SiteInput, SiteSettings } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, hasSite, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { presentSite } from './presenter.js';
import * as repo from './repository.js';

export function listSites(db: Db, caller: Caller, query: ListQuery) {
  return repo.listSites(db, caller.orgId, siteScope(caller), query);
}

/** A site of the caller's organization that the caller may see, or 404. */
export async function requireSite(db: Db, caller: Caller, id: string) {
  const row = await repo.findSite(db, caller.orgId, id);
  if (!row || !hasSite(caller, row.id)) throw notFound('Site');
  return row;
}

/** The site hides its workers (the setting hideWorkers): lists, counts and reports leave them out. */
export const hidesWorkers = (site: { settings: unknown }) =>
  SiteSettings.parse(site.settings ?? {}).hideWorkers;

/**
 * Where the caller sees workers when no one site is named (`GET things` without `?site=`, a thing
 * by id): the sites it may see that do not hide them. Undefined when none of those sites hides
 * its workers (every worker the caller may see is shown).
 */
export async function sitesShowingWorkers(
  db: Db,
  caller: Caller,
  among?: readonly string[],
): Promise<string[] | undefined> {
  const rows = await repo.siteSettingsOf(db, caller.orgId, among ?? siteScope(caller));
  const seen = rows.filter((site) => hasSite(caller, site.id));
  const showing = seen.filter((site) => !hidesWorkers(site));
  return showing.length === seen.length ? undefined : showing.map((site) => site.id);
}

/** The sites the caller may see that hide their workers (the setting hideWorkers). */
export async function sitesHidingWorkers(db: Db, caller: Caller): Promise<string[]> {
  const rows = await repo.siteSettingsOf(db, caller.orgId, siteScope(caller));
  return rows.filter((site) => hasSite(caller, site.id) && hidesWorkers(site)).map((site) => site.id);
}

export async function getSite(db: Db, caller: Caller, id: string) {
  return presentSite(await requireSite(db, caller, id));
}

export async function createSite(db: Db, caller: Caller, input: SiteInput) {
  authorize(caller, 'sites', 'create');
  // A caller limited to some sites would not see the site it made (nor be able to undo it).
  if (siteScope(caller)) throw forbidden(SITE_MSG.allSitesOnly);
  return presentSite(await repo.insertSite(db, caller.orgId, input));
}

export async function updateSite(db: Db, caller: Caller, id: string, input: SiteInput) {
  await requireSite(db, caller, id);
  authorize(caller, 'sites', 'modify', id);
  const row = await repo.updateSite(db, caller.orgId, id, input);
  if (!row) throw notFound('Site');
  return presentSite(row);
}

export async function deleteSite(db: Db, caller: Caller, id: string) {
  await requireSite(db, caller, id);
  authorize(caller, 'sites', 'delete', id);
  await repo.deleteSite(db, caller.orgId, id);
}
