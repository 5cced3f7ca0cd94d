import type { Writable } from 'node:stream';
import type { AuditListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { excelSerial, writeSheet, type XlsxCell } from '../../platform/xlsx.js';
import { changesText, listAudit } from './service.js';

const PAGE = 1000;

/** The rows the list's filters select, newest first, as one sheet (times in UTC). */
export async function exportAudit(db: Db, caller: Caller, query: AuditListQuery) {
  // Checks the right and the site before the answer starts.
  await listAudit(db, caller, { ...query, limit: 1, page: 0 }, false);
  async function* rows(): AsyncGenerator<XlsxCell[]> {
    for (let page = 0; ; page++) {
      const { items } = await listAudit(db, caller, { ...query, limit: PAGE, page }, false);
      for (const r of items) {
        yield [
          excelSerial(new Date(r.time)),
          r.actor.name,
          r.actor.type,
          r.ip ?? '',
          r.action,
          r.resource,
          r.resourceId ?? '',
          r.resourceName ?? '',
          r.site ?? '',
          changesText(r.changes).slice(0, 32_000),
        ];
      }
      if (items.length < PAGE) break;
    }
  }
  return {
    filename: `audit-${new Date().toISOString().slice(0, 10)}.xlsx`,
    write: (out: Writable) =>
      writeSheet(
        out,
        'Audit Log',
        [
          { header: 'Time (UTC)', kind: 'date', width: 22 },
          { header: 'Actor', kind: 'text', width: 28 },
          { header: 'Actor Type', kind: 'text', width: 12 },
          { header: 'IP', kind: 'text', width: 16 },
          { header: 'Action', kind: 'text', width: 14 },
          { header: 'Resource', kind: 'text', width: 16 },
          { header: 'Resource Id', kind: 'text', width: 26 },
          { header: 'Record', kind: 'text', width: 28 },
          { header: 'Site', kind: 'text', width: 26 },
          { header: 'Changes', kind: 'text', width: 80 },
        ],
        rows(),
      ),
  };
}
