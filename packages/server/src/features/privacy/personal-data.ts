/**
 * A worker's personal data as one zip: the thing's record (JSON), its events, stays and exceptions
 * (one workbook each), its photos, and the audit rows that name it (who looked, who changed it).
 */
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { presentThing } from '@sightline/shared';
import type { Archiver, ArchiverOptions } from 'archiver';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { events, exceptions, zoneDurations } from '../../db/schema.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import { excelSerial, writeSheet, type XlsxCell, type XlsxColumn } from '../../platform/xlsx.js';
import { presentAuditRow } from '../audit/presenter.js';
import { rowsNamingThing } from '../audit/repository.js';
import { requireErasableThing } from './service.js';

const archiver = createRequire(import.meta.url)('archiver') as (
  format: 'zip',
  options?: ArchiverOptions,
) => Archiver;

/** A one-sheet workbook as bytes (a single person's history: small enough to hold). */
async function workbook(name: string, columns: XlsxColumn[], rows: XlsxCell[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeSheet(
    out,
    name,
    columns,
    (async function* () {
      yield* rows;
    })(),
  );
  await ended;
  return Buffer.concat(chunks);
}

const when = (d: Date | null | undefined) => (d ? excelSerial(d) : null);
const TIME = (header: string): XlsxColumn => ({ header: `${header} (UTC)`, kind: 'date', width: 22 });
const TEXT = (header: string, width = 24): XlsxColumn => ({ header, kind: 'text', width });

async function sheets(db: Db, orgId: string, id: string) {
  const ev = await db
    .select()
    .from(events)
    .where(and(eq(events.orgId, orgId), eq(events.thingId, id)))
    .orderBy(asc(events.time));
  const stays = await db
    .select()
    .from(zoneDurations)
    .where(and(eq(zoneDurations.orgId, orgId), eq(zoneDurations.thingId, id)))
    .orderBy(asc(zoneDurations.timeStart));
  const ex = await db
    .select()
    .from(exceptions)
    .where(
      and(
        eq(exceptions.orgId, orgId),
        or(eq(exceptions.thingId, id), sql`${id} = ANY(${exceptions.multipleThings})`),
      ),
    )
    .orderBy(asc(exceptions.time));
  return {
    'events.xlsx': await workbook(
      'Events',
      [TIME('Time'), TEXT('Tag', 30), TEXT('Endpoint'), TEXT('Zone'), TEXT('Direction', 12)],
      ev.map((e) => [when(e.time), e.tag, e.endpointId ?? '', e.zoneId ?? '', e.direction ?? '']),
    ),
    'stays.xlsx': await workbook(
      'Stays',
      [TEXT('Zone'), TIME('Start'), TIME('End')],
      stays.map((s) => [s.zoneId ?? '', when(s.timeStart), when(s.timeEnd)]),
    ),
    'exceptions.xlsx': await workbook(
      'Exceptions',
      [TIME('Time'), TEXT('Type', 20), TEXT('Zone'), TIME('Resolved')],
      ex.map((e) => [when(e.time), e.type, e.zoneId ?? '', when(e.resolvedAt)]),
    ),
  };
}

export async function sendPersonalData(ctx: AppContext, caller: Caller, id: string, reply: FastifyReply) {
  const { db, storage } = ctx;
  // Handing a person their data is the data-protection officer's work, as erasing it is, and as
  // complete: every site's rows, so an organization-wide caller's (requireErasableThing).
  const thing = await requireErasableThing(db, caller, id);
  const files = await sheets(db, caller.orgId, id);
  const audit = (await rowsNamingThing(db, caller.orgId, id)).map(presentAuditRow);
  const archive = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('error', (err: Error) => out.destroy(err));
  archive.pipe(out);
  archive.append(JSON.stringify(presentThing(thing), null, 2), { name: 'thing.json' });
  for (const [name, bytes] of Object.entries(files)) archive.append(bytes, { name });
  archive.append(JSON.stringify(audit, null, 2), { name: 'audit.json' });
  for (const photo of thing.photo) {
    const got = await storage.get(imageKeys(caller.orgId, photo).original);
    if (got) archive.append(got.stream, { name: `photos/${photo}` });
  }
  void archive.finalize();
  // The stream is returned, not sent: the route's read row (features/audit/reads.ts) is written
  // after the handler returns and before the answer goes out.
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="personal-data-${id}.zip"`);
  return out;
}
