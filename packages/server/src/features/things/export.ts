/**
 * GET things/export: the filtered things as an xlsx, streamed row by row (reports/xlsx.ts) in pages,
 * so memory stays flat however many things there are. Text cells are inline strings, written as
 * they are: a spreadsheet never evaluates them, so `=1+2` needs no neutralising.
 */
import type { Writable } from 'node:stream';
import { DEFAULT_SITE_SETTINGS, SiteSettings, type ThingExportQuery, wallClockDate } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, zones } from '../../db/schema.js';
import { siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { excelSerial, sheetName, writeSheet, type XlsxCell } from '../../platform/xlsx.js';
import { isMasked, workerPseudonym, workerViewFor } from '../privacy/pseudonyms.js';
import { requireSite } from '../sites/service.js';
import * as repo from './repository.js';
import { workerFilter } from './service.js';
import { tagsOf } from './tags.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PAGE = 1000;

export interface ThingExport {
  filename: string;
  write(out: Writable): Promise<void>;
}

/** Checks access and prepares the export; `write` then streams the workbook. */
export async function exportThings(db: Db, caller: Caller, query: ThingExportQuery): Promise<ThingExport> {
  const site = query.site ? await requireSite(db, caller, query.site) : undefined;
  const settings = site ? SiteSettings.parse(site.settings ?? {}) : DEFAULT_SITE_SETTINGS;
  const timeZone = site?.timezone ?? 'UTC';
  const filename =
    query.class === 'worker' ? 'workers.xlsx' : query.class === 'item' ? 'items.xlsx' : 'things.xlsx';

  const view = await workerViewFor(db, caller);
  const filter = {
    ...query,
    orgId: caller.orgId,
    scope: siteScope(caller),
    ...(await workerFilter(db, caller, query.site)),
    limit: PAGE,
    pseudonymousSites: [...view.maskedSites],
  };
  // Everything is validated before the first byte: a bad sort is a 400, not a cut-off file.
  repo.checkThingQuery({ ...filter, page: 0 });

  async function write(out: Writable) {
    const [zoneRows, categoryRows] = await Promise.all([
      db.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.orgId, caller.orgId)),
      db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.orgId, caller.orgId)),
    ]);
    const zoneNames = new Map(zoneRows.map((z) => [z.id, z.name]));
    const categoryNames = new Map(categoryRows.map((c) => [c.id, c.name]));

    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (let page = 0; ; page++) {
        const { rows: things } = await repo.listThings(db, { ...filter, page }, undefined, false);
        for (const row of things) {
          const masked = isMasked(view, row);
          yield [
            masked ? workerPseudonym(row.id) : row.name,
            masked ? '' : row.serial,
            row.class,
            tagsOf(row).join(', '),
            row.categories.map((id) => categoryNames.get(id) ?? id).join(', '),
            row.labels.join(', '),
            row.zoneId ? (zoneNames.get(row.zoneId) ?? '') : '',
            row.lastZoneTime ? excelSerial(wallClockDate(row.lastZoneTime, timeZone)) : null,
          ];
        }
        if (things.length < PAGE) break;
      }
    }
    await writeSheet(
      out,
      sheetName(query.class === 'worker' ? settings.workerLabel : settings.itemLabel),
      [
        { header: settings.itemNameLabel, kind: 'text', width: 30 },
        { header: settings.itemSerialLabel, kind: 'text', width: 20 },
        { header: 'Class', kind: 'text', width: 10 },
        { header: 'Tags', kind: 'text', width: 40 },
        { header: 'Categories', kind: 'text', width: 30 },
        { header: 'Labels', kind: 'text', width: 30 },
        { header: 'Zone', kind: 'text', width: 24 },
        { header: `Zone Entry Time (${timeZone})`, kind: 'date', width: 22 },
      ],
      rows(),
    );
  }

  return { filename, write };
}
