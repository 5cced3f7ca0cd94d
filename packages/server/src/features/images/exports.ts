/**
 * Downloads: a zip of the originals (stored, not recompressed) and a CSV of every metadata
 * column (CRLF records and a byte order mark, platform/csv.ts). Both stream: rows are read a page at a time and one original is open at a time, so memory
 * stays flat for thousands of photos.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { IMAGE_CSV_COLUMNS, IMAGE_EXTENSIONS, type ImageFormat, MSG } from '@sightline/shared';
import type { Archiver, ArchiverOptions } from 'archiver';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { CSV_FORMAT, csvText } from '../../platform/csv.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import type { Storage } from '../../platform/storage/index.js';
import { listUsernames } from '../users/repository.js';
import { presentImages } from './presenter.js';
import { roundCoordinate } from './process.js';
import * as repo from './repository.js';

// archiver 5 is CommonJS (a factory function); @types/archiver describes the same Archiver object.
const archiver = createRequire(import.meta.url)('archiver') as (
  format: 'zip',
  options?: ArchiverOptions,
) => Archiver;

/** Unique, safe entry names: the upload's name without path or odd characters, the true extension. */
export function entryNamer() {
  const used = new Set<string>();
  return (fileName: string, format: string) => {
    const ext = IMAGE_EXTENSIONS[format as ImageFormat] ?? 'bin';
    const base =
      fileName
        .replace(/\.[A-Za-z0-9]{1,5}$/, '')
        .replace(/[^A-Za-z0-9 ._-]+/g, '_')
        .replace(/^[.\s]+/, '')
        .trim()
        .slice(0, 100) || 'image';
    let name = `${base}.${ext}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n}).${ext}`;
    used.add(name.toLowerCase());
    return name;
  };
}

export function zipStream(
  db: Db,
  storage: Storage,
  orgId: string,
  where: SQL,
  log: FastifyBaseLogger,
): Readable {
  const archive = archiver('zip', { store: true });
  const out = new PassThrough();
  archive.on('error', (err: Error) => out.destroy(err));
  archive.pipe(out);
  const name = entryNamer();
  (async () => {
    for await (const row of repo.eachImage(db, where)) {
      if (out.destroyed) return;
      const got = await storage.get(imageKeys(orgId, row.id).original);
      if (!got) continue; // a file lost from storage: the rest of the archive still comes
      const entry = once(archive, 'entry');
      archive.append(got.stream, { name: name(row.fileName, row.format), date: row.timestamp });
      await entry;
    }
    await archive.finalize();
  })().catch((err) => {
    log.error({ err }, 'image zip failed');
    archive.abort();
    out.destroy(err);
  });
  return out;
}

export function csvStream(db: Db, orgId: string, where: SQL, log: FastifyBaseLogger): Readable {
  const csv = stringify({ ...CSV_FORMAT, header: true, columns: [...IMAGE_CSV_COLUMNS] });
  (async () => {
    // The uploader column names the user, as the detail does; a user gone (or an upload by a
    // reader) reads 'unavailable'.
    const names = new Map((await listUsernames(db, orgId)).map((u) => [u.id, u.name]));
    const uploaderName = (id: string | null) => (id && names.get(id)) || MSG.uploaderUnavailable;
    for await (const page of pages(repo.eachImage(db, where), 200)) {
      for (const image of await presentImages(db, orgId, page)) {
        const text = (s: string | null) => csvText(s ?? '');
        const record = {
          id: image.id,
          fileName: text(image.fileName),
          timestamp: image.timestamp,
          timeCreated: image.timeCreated,
          uploader: text(uploaderName(image.uploader)),
          longitude: roundCoordinate(image.location.coordinates[0]),
          latitude: roundCoordinate(image.location.coordinates[1]),
          annotation: text(image.annotation),
          tags: text(image.tags.join('; ')),
          categories: text(image.categories.map((c) => c.name).join('; ')),
          bytes: image.cloud_photos.bytes,
          sizeX: image.cloud_photos.sizeX,
          sizeY: image.cloud_photos.sizeY,
          format: image.cloud_photos.format,
          orientation: image.exif_data.orientation.value,
          make: text(image.exif_data.make),
          model: text(image.exif_data.model),
          sha256: image.sha256,
          site: image.site ?? '',
        };
        if (!csv.write(record)) await once(csv, 'drain');
      }
    }
    csv.end();
  })().catch((err) => {
    log.error({ err }, 'image csv failed');
    csv.destroy(err);
  });
  return csv;
}

async function* pages<T>(rows: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length === size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}
