/**
 * GET exceptions/export: a site's exceptions in a date range as an xlsx (the Exceptions report's
 * download), streamed in pages (reports/xlsx.ts). Times are the site's wall clock as real dates;
 * text cells are inline strings, written as they are (a spreadsheet never evaluates them).
 */
import type { Writable } from 'node:stream';
import {
  alertMinutes,
  EXCEPTION_TYPE_LABELS,
  type ExceptionExportQuery,
  wallClockDate,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { excelSerial, writeSheet, type XlsxCell } from '../../platform/xlsx.js';
import { maskException, workerViewFor } from '../privacy/pseudonyms.js';
import { hidesWorkers, requireSite } from '../sites/service.js';
import { withoutWorkers } from './hidden-workers.js';
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
  const view = await workerViewFor(db, caller);

  async function write(out: Writable) {
    const hideWorkers = hidesWorkers(site);
    const filter = { ...query, orgId: caller.orgId, hideWorkers };
    const serial = (at: string | Date) => excelSerial(wallClockDate(new Date(at), timeZone));
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for (let page = 0; ; page++) {
        const found = await repo.listExceptions(db, filter, { limit: PAGE, page }, false);
        const items = hideWorkers ? await withoutWorkers(db, caller.orgId, found.items) : found.items;
        for (const record of items) {
          const e = maskException(view, record);
          yield [
            serial(e.time),
            EXCEPTION_TYPE_LABELS[e.type],
            e.thingName ?? '',
            e.zoneName ?? '',
            e.message,
            e.type === 'zoneTimeException' ? alertMinutes(e.timeDuration) : null,
            e.multipleThings.length || null,
            e.resolvedAt ? serial(e.resolvedAt) : null,
          ];
        }
        if (items.length < PAGE) break;
      }
    }
    await writeSheet(
      out,
      'Exceptions',
      [
        { header: `Time (${timeZone})`, kind: 'date', width: 22 },
        { header: 'Type', kind: 'text', width: 20 },
        { header: 'Thing', kind: 'text', width: 30 },
        { header: 'Zone', kind: 'text', width: 24 },
        { header: 'Message', kind: 'text', width: 60 },
        { header: 'Alert Time (minutes)', kind: 'number', width: 20 },
        { header: 'Things', kind: 'number', width: 10 },
        { header: 'Resolved', kind: 'date', width: 22 },
      ],
      rows(),
    );
  }

  return { filename: 'exceptions.xlsx', write };
}
