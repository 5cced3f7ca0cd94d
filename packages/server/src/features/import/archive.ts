/**
 * An uploaded xlsx opened through its central directory (yauzl), the one authority on what a zip
 * holds: a streaming reader follows the local headers instead, which a crafted archive can make
 * disagree with the directory, so a check done with one reader would not bind the other. Each part
 * is read only when asked for, inflated through one budget for the whole upload — counted on the
 * bytes as they come out, since a zip's declared sizes can lie — and through the XML bounds.
 */
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_PARTS, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MSG } from '@sightline/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest, HttpError } from '../../platform/errors.js';
import { XmlBounds } from './xml-bounds.js';

const MB = 1024 * 1024;

export interface SheetArchive {
  /** Whether the archive holds the part. */
  has(name: string): boolean;
  /**
   * The part's inflated bytes, within the budget and the XML bounds; `onChunk` runs before each
   * chunk is passed on (a reader's own limits are checked there).
   */
  open(name: string, onChunk?: () => void): Readable;
  /** Stops every part still being read. */
  close(): void;
}

const unpackedTooLarge = () =>
  new HttpError(413, IMPORT_MSG.tooLargeUnpacked(IMPORT_MAX_UNPACKED_BYTES / MB));

async function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > IMPORT_MAX_PARTS) throw badRequest(IMPORT_MSG.tooManyParts(IMPORT_MAX_PARTS));
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      // Two entries of one name: which is the part depends on the reader.
      if (entries.has(entry.fileName)) return reject(badRequest(IMPORT_MSG.unreadable));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

export async function openArchive(file: Buffer): Promise<SheetArchive> {
  let zip: ZipFile;
  let entries: Map<string, Entry>;
  try {
    zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true });
    entries = await listEntries(zip);
  } catch (err) {
    throw err instanceof HttpError ? err : badRequest(IMPORT_MSG.unreadable);
  }
  let unpacked = 0;
  const opened: Readable[] = [];
  return {
    has: (name) => entries.has(name),
    close: () => {
      for (const part of opened) part.destroy();
    },
    open(name, onChunk) {
      const entry = entries.get(name);
      if (!entry?.canDecodeFileData()) throw badRequest(IMPORT_MSG.unreadable);
      // The declared size is checked first (cheap), the real one as it inflates.
      if (unpacked + entry.uncompressedSize > IMPORT_MAX_UNPACKED_BYTES) throw unpackedTooLarge();
      const bounds = new XmlBounds();
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          unpacked += chunk.length;
          if (unpacked > IMPORT_MAX_UNPACKED_BYTES) return done(unpackedTooLarge());
          try {
            bounds.scan(chunk);
            onChunk?.();
          } catch (err) {
            return done(err as Error);
          }
          done(null, chunk);
        },
      });
      opened.push(meter);
      zip.openReadStream(entry, (err, inflated) => {
        if (err) meter.destroy(badRequest(IMPORT_MSG.unreadable));
        // A failure on either side ends both; the reader sees it on `meter`.
        else pipeline(inflated, meter).catch(() => undefined);
      });
      return meter;
    },
  };
}
