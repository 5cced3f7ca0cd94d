/** Factories for reports: categories (organization-wide) and report configs, written to the database. */
import type { ReportFormat, ReportHeading, ReportType } from '@sightline/shared';
import type { Tx } from '../../src/db/client.js';
import { categories, reportConfigs } from '../../src/db/schema.js';
import { newId, randomToken } from '../../src/platform/ids.js';

export async function makeCategory(
  db: Tx,
  orgId: string,
  overrides: Partial<typeof categories.$inferInsert> = {},
) {
  const row = { id: newId(), orgId, name: `Category ${randomToken(3)}`, ...overrides };
  await db.insert(categories).values(row);
  return { id: row.id, name: row.name };
}

export async function makeReportConfig(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<Omit<typeof reportConfigs.$inferInsert, 'type' | 'format' | 'headings'>> & {
    type?: ReportType;
    format?: ReportFormat;
    headings?: ReportHeading[];
  } = {},
) {
  const row = {
    id: newId(),
    orgId,
    siteId,
    name: `Report ${randomToken(3)}`,
    type: 'reportTypeSeen' as ReportType,
    format: 'excel' as ReportFormat,
    ...overrides,
  };
  await db.insert(reportConfigs).values(row);
  return { id: row.id, name: row.name };
}
