/**
 * Site settings (SPEC §2.13 Settings, §3): labels, hideWorkers, parent categories, import
 * settings. Served at `orgsettings?site=` as SPEC §7 names it; a save replaces the whole record.
 */
import { SETTINGS_MSG, type SiteSettings } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { readSiteSettings, writeSiteSettings } from '../sites/repository.js';
import { requireSite } from '../sites/service.js';
import { existingCategoryIds } from './repository.js';

export async function getSettings(db: Db, caller: Caller, siteId: string): Promise<SiteSettings> {
  await requireSite(db, caller, siteId);
  const settings = await readSiteSettings(db, caller.orgId, siteId);
  if (!settings) throw notFound('Site');
  return settings;
}

export async function saveSettings(db: Db, caller: Caller, siteId: string, input: SiteSettings) {
  await requireSite(db, caller, siteId);
  authorize(caller, 'settings', 'modify', siteId);
  const parentCategories = [...new Set(input.parentCategories)];
  const known = await existingCategoryIds(db, caller.orgId, parentCategories);
  const errors = parentCategories.flatMap((id, i) =>
    known.has(id) ? [] : [{ path: `parentCategories.${i}`, message: SETTINGS_MSG.unknownParentCategory(id) }],
  );
  if (errors.length) throw badRequest(errors.map((e) => e.message).join('; '), errors);
  const settings: SiteSettings = {
    ...input,
    parentCategories,
    thingHeaders: [...new Set(input.thingHeaders)],
  };
  if (!(await writeSiteSettings(db, caller.orgId, siteId, settings))) throw notFound('Site');
  return settings;
}
