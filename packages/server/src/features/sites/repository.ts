import {
  type AlertSettings,
  type SITE_SORT_FIELDS,
  type SiteInput,
  type SiteListQuery,
  type SiteSettings,
  SiteSettings as SiteSettingsSchema,
} from '@sightline/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { SiteRow } from '../../db/rows.js';
import { sites } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentSite } from './presenter.js';

function toRow(input: SiteInput) {
  return {
    name: input.name,
    description: input.description,
    epcisId: input.epcisId,
    startDate: new Date(input.startDate),
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    city: input.city,
    state: input.state,
    country: input.country,
    zipcode: input.zipcode,
    timezone: input.timezone.id,
    reportDailyTime: input.reportSettings.dailyTime,
    reportEmails: input.reportSettings.emails,
    ...(input.alertSettings ? { alertSettings: input.alertSettings } : {}),
  };
}

const escalates = (a: AlertSettings) => a.escalateAfterMinutes !== undefined && !!a.escalationEmails?.length;
const reminds = (a: AlertSettings) => a.remindEveryMinutes !== undefined && (a.maxReminders ?? 0) >= 1;
const storedEscalates = sql`(${sites.alertSettings}->>'escalateAfterMinutes' IS NOT NULL
  AND jsonb_array_length(coalesce(${sites.alertSettings}->'escalationEmails', '[]'::jsonb)) > 0)`;
const storedReminds = sql`(${sites.alertSettings}->>'remindEveryMinutes' IS NOT NULL
  AND coalesce((${sites.alertSettings}->>'maxReminders')::integer, 0) >= 1)`;

/**
 * When escalation and reminders turn on: the moment each goes from off to on (the escalation job
 * counts an exception from then at the earliest, so a backlog is never mailed at once); kept while
 * it stays on or is off. `stored`: the settings being replaced are the row's (an update).
 */
function alertSince(input: SiteInput, stored: boolean) {
  const next = input.alertSettings;
  if (!next) return {};
  const since = (wasOn: SQL, column: typeof sites.escalationSince) =>
    stored ? sql`CASE WHEN ${wasOn} THEN ${column} ELSE now() END` : sql`now()`;
  return {
    ...(escalates(next) ? { escalationSince: since(storedEscalates, sites.escalationSince) } : {}),
    ...(reminds(next) ? { remindersSince: since(storedReminds, sites.remindersSince) } : {}),
  };
}

const listSpec: ListSpec<(typeof SITE_SORT_FIELDS)[number]> = {
  sortable: { name: sites.name, description: sites.description, startDate: sites.startDate },
  defaultSort: [asc(sites.name), asc(sites.id)],
  searchable: [sites.name, sites.description, sites.city],
};

/** Scope: the organization, and the caller's sites unless it may see all (undefined). */
function scope(orgId: string, siteIds: string[] | undefined): SQL | undefined {
  return and(
    eq(sites.orgId, orgId),
    siteIds ? inArray(sites.id, siteIds.length ? siteIds : ['']) : undefined,
  );
}

export async function listSites(db: Tx, orgId: string, siteIds: string[] | undefined, query: SiteListQuery) {
  return listPage(db, sites, scope(orgId, siteIds), query, listSpec, presentSite);
}

/** Ids and settings of the organization's sites (all of them, or these). */
export async function siteSettingsOf(db: Tx, orgId: string, siteIds?: readonly string[]) {
  return db
    .select({ id: sites.id, settings: sites.settings })
    .from(sites)
    .where(
      and(
        eq(sites.orgId, orgId),
        siteIds ? inArray(sites.id, siteIds.length ? [...siteIds] : ['']) : undefined,
      ),
    );
}

export async function findSite(db: Tx, orgId: string, id: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.orgId, orgId), eq(sites.id, id)));
  return row;
}

/** The site's time zone, the clock its mails read times on ('UTC' for a site not found). */
export async function siteTimeZone(db: Tx, orgId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ timezone: sites.timezone })
    .from(sites)
    .where(and(eq(sites.orgId, orgId), eq(sites.id, id)));
  return row?.timezone || 'UTC';
}

export async function insertSite(
  db: Tx,
  orgId: string,
  input: SiteInput,
  settings?: SiteSettings,
): Promise<SiteRow> {
  const [row] = await db
    .insert(sites)
    .values({
      id: newId(),
      orgId,
      ...toRow(input),
      ...alertSince(input, false),
      settings: settings ?? SiteSettingsSchema.parse({}),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateSite(
  db: Tx,
  orgId: string,
  id: string,
  input: SiteInput,
): Promise<SiteRow | undefined> {
  const [row] = await db
    .update(sites)
    .set({ ...toRow(input), ...alertSince(input, true) })
    .where(and(eq(sites.orgId, orgId), eq(sites.id, id)))
    .returning();
  return row;
}

export async function deleteSite(db: Tx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(sites)
    .where(and(eq(sites.orgId, orgId), eq(sites.id, id)))
    .returning({ id: sites.id });
  return rows.length > 0;
}

export async function readSiteSettings(db: Tx, orgId: string, id: string): Promise<SiteSettings | undefined> {
  const row = await findSite(db, orgId, id);
  return row ? SiteSettingsSchema.parse(row.settings ?? {}) : undefined;
}

export async function writeSiteSettings(
  db: Tx,
  orgId: string,
  id: string,
  settings: SiteSettings,
): Promise<boolean> {
  const rows = await db
    .update(sites)
    .set({ settings })
    .where(and(eq(sites.orgId, orgId), eq(sites.id, id)))
    .returning({ id: sites.id });
  return rows.length > 0;
}
