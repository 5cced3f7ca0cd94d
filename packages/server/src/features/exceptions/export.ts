/**
 * GET exceptions/export: a site's exceptions in a date range as an xlsx (the Exceptions report's
 * download), streamed in pages. Times are the site's wall clock; text cells that a
 * spreadsheet could run as a formula (starting with `= + - @`) are neutralised with the things
 * export's helpers.
 */
import type { Writable } from 'node:stream';
import { alertMinutes, EXCEPTION_TYPE_LABELS, type ExceptionExportQuery } from '@sightline/shared';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { requireSite } from '../sites/service.js';
import { safeCell, wallClock } from '../things/export.js';
import * as repo from './repository.js';

const PAGE = 1000;

interface ExceptionExport {
  filename: string;
  write(out: Writable): Promise<void>;
}

export async function exportExceptions(
  db: Db,
  caller: Caller,
  query: ExceptionExportQuery,
): Promise<ExceptionExport> {
  const site = await requireSite(db, caller, query.site);
  const timeZone = site.timezone ?? 'UTC';

  async function write(out: Writable) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Exceptions');
    const dateStyle = { numFmt: 'yyyy-mm-dd hh:mm:ss' };
    sheet.columns = [
      { header: `Time (${timeZone})`, key: 'time', width: 22, style: dateStyle },
      { header: 'Type', key: 'type', width: 20 },
      { header: 'Thing', key: 'thing', width: 30 },
      { header: 'Zone', key: 'zone', width: 24 },
      { header: 'Message', key: 'message', width: 60 },
      { header: 'Alert Time (minutes)', key: 'minutes', width: 20 },
      { header: 'Things', key: 'things', width: 10 },
      { header: 'Resolved', key: 'resolved', width: 22, style: dateStyle },
    ];
    const filter = { ...query, orgId: caller.orgId };
    for (let page = 0; ; page++) {
      const { items } = await repo.listExceptions(db, filter, { limit: PAGE, page }, false);
      for (const e of items) {
        sheet
          .addRow({
            time: wallClock(new Date(e.time), timeZone),
            type: EXCEPTION_TYPE_LABELS[e.type],
            thing: safeCell(e.thingName ?? ''),
            zone: safeCell(e.zoneName ?? ''),
            message: safeCell(e.message),
            minutes: e.type === 'zoneTimeException' ? alertMinutes(e.timeDuration) : null,
            things: e.multipleThings.length || null,
            resolved: e.resolvedAt ? wallClock(new Date(e.resolvedAt), timeZone) : null,
          })
          .commit();
      }
      if (items.length < PAGE) break;
    }
    sheet.commit();
    await workbook.commit();
  }

  return { filename: 'exceptions.xlsx', write };
}
