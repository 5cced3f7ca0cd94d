/** Sites as the API presents them. */
import { AlertSettings, type Site } from '@sightline/shared';
import type { SiteRow } from '../../db/rows.js';

export function presentSite(row: SiteRow): Site {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    epcisId: row.epcisId,
    startDate: row.startDate?.toISOString() ?? null,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    country: row.country,
    zipcode: row.zipcode,
    timezone: { id: row.timezone },
    reportSettings: { dailyTime: row.reportDailyTime, emails: row.reportEmails },
    alertSettings: alertSettingsOf(row),
  };
}

/** The stored alert settings; anything that no longer validates reads as off (`{}`). */
function alertSettingsOf(row: { alertSettings: unknown }): AlertSettings {
  const parsed = AlertSettings.safeParse(row.alertSettings ?? {});
  return parsed.success ? parsed.data : {};
}
