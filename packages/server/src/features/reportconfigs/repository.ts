import type { REPORT_CONFIG_SORT_FIELDS, ReportConfigInput, ReportConfigListQuery } from '@sightline/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reportConfigs, zones } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentReportConfig } from './presenter.js';

/** The stored columns of a report configuration, from its validated input. */
export const reportConfigRow = (input: ReportConfigInput) => ({
  name: input.name,
  type: input.type,
  format: input.format,
  email: input.email,
  zones: input.zones,
  categories: input.categories,
  headings: input.headings,
});

const listSpec: ListSpec<(typeof REPORT_CONFIG_SORT_FIELDS)[number]> = {
  sortable: {
    name: sql`lower(${reportConfigs.name})`,
    type: reportConfigs.type,
    format: reportConfigs.format,
    email: reportConfigs.email,
  },
  // Sorted by name (case-insensitive) by default.
  defaultSort: [asc(sql`lower(${reportConfigs.name})`), asc(reportConfigs.id)],
  searchable: [reportConfigs.name],
};

export function listReportConfigs(db: Tx, orgId: string, query: ReportConfigListQuery) {
  const scope = and(eq(reportConfigs.orgId, orgId), eq(reportConfigs.siteId, query.site));
  return listPage(db, reportConfigs, scope, query, listSpec, presentReportConfig);
}

export async function findReportConfig(db: Tx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(reportConfigs)
    .where(and(eq(reportConfigs.orgId, orgId), eq(reportConfigs.id, id)));
  return row;
}

/** The configs of a site whose email flag is set (the daily email), by name. */
export function emailedConfigs(db: Tx, orgId: string, siteId: string) {
  return db
    .select()
    .from(reportConfigs)
    .where(
      and(eq(reportConfigs.orgId, orgId), eq(reportConfigs.siteId, siteId), eq(reportConfigs.email, true)),
    )
    .orderBy(asc(sql`lower(${reportConfigs.name})`), asc(reportConfigs.id));
}

export async function insertReportConfig(db: Tx, orgId: string, input: ReportConfigInput) {
  const [row] = await db
    .insert(reportConfigs)
    .values({ id: newId(), orgId, siteId: input.site, ...reportConfigRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateReportConfig(db: Tx, orgId: string, id: string, input: ReportConfigInput) {
  const [row] = await db
    .update(reportConfigs)
    .set(reportConfigRow(input))
    .where(and(eq(reportConfigs.orgId, orgId), eq(reportConfigs.id, id)))
    .returning();
  return row;
}

export async function deleteReportConfig(db: Tx, orgId: string, id: string) {
  await db.delete(reportConfigs).where(and(eq(reportConfigs.orgId, orgId), eq(reportConfigs.id, id)));
}

/** Which of `ids` are zones of the site. */
export async function zoneIdsOfSite(db: Tx, orgId: string, siteId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.orgId, orgId), eq(zones.siteId, siteId), inArray(zones.id, ids)));
  return new Set(rows.map((r) => r.id));
}
