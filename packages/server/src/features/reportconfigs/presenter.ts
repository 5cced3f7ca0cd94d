/** Report configurations as the API presents them. */
import type { ReportConfig, ReportFormat, ReportHeading, ReportType } from '@sightline/shared';
import type { ReportConfigRow } from '../../db/rows.js';

export function presentReportConfig(row: ReportConfigRow): ReportConfig {
  return {
    _id: row.id,
    name: row.name,
    type: row.type as ReportType,
    format: row.format as ReportFormat,
    email: row.email,
    zones: row.zones,
    categories: row.categories,
    headings: row.headings as ReportHeading[],
    site: row.siteId,
  };
}
