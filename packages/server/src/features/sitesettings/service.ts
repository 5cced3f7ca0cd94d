/**
 * Site settings: labels, hideWorkers, parent categories, import settings. Served at
 * `orgsettings?site=`, the path clients call; a save changes the fields it sends.
 */
import { SETTINGS_MSG, type SiteSettings, type SiteSettingsInput } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { categoryNames } from '../categories/repository.js';
import { readSiteSettings, writeSiteSettings } from '../sites/repository.js';
import { requireSite } from '../sites/service.js';

export async function getSettings(db: Db, caller: Caller, siteId: string): Promise<SiteSettings> {
  await requireSite(db, caller, siteId);
  const settings = await readSiteSettings(db, caller.orgId, siteId);
  if (!settings) throw notFound('Site');
  return settings;
}

export async function saveSettings(db: Db, caller: Caller, siteId: string, input: SiteSettingsInput) {
  await requireSite(db, caller, siteId);
  authorize(caller, 'settings', 'modify', siteId);
  const current = await readSiteSettings(db, caller.orgId, siteId);
  if (!current) throw notFound('Site');
  const merged: SiteSettings = {
    ...current,
    ...definedOnly(input),
    importSettings: { ...current.importSettings, ...definedOnly(input.importSettings ?? {}) },
  };
  const parentCategories = [...new Set(merged.parentCategories)];
  const known = await categoryNames(db, caller.orgId, parentCategories);
  const errors = parentCategories.flatMap((id, i) =>
    known.has(id) ? [] : [{ path: `parentCategories.${i}`, message: SETTINGS_MSG.unknownParentCategory(id) }],
  );
  if (errors.length) throw badRequest(errors.map((e) => e.message).join('; '), errors);
  const settings: SiteSettings = {
    ...merged,
    parentCategories,
    thingHeaders: [...new Set(merged.thingHeaders)],
  };
  if (!(await writeSiteSettings(db, caller.orgId, siteId, settings))) throw notFound('Site');
  return settings;
}

/** The fields that were sent (zod leaves absent optional fields out, but be explicit). */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
