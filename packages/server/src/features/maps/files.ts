/**
 * Floor-plan image files under `<dataDir>/maps/<id>.<ext>` (a temp folder when the data folder is
 * `memory`). The type is decided by the file's bytes, never by what the client claims.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAP_IMAGE_TYPES, MAP_MSG, type MapImageType } from '@sightline/shared';
import type { Config } from '../../config.js';
import { HttpError } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';

export function mapsDir(config: Config): string {
  const base = config.dataDir === 'memory' ? path.join(os.tmpdir(), 'sightline-memory') : config.dataDir;
  return path.join(base, 'maps');
}

/** The image type of the first bytes of a file, if it is one maps accept. */
export function sniffImageType(head: Buffer): MapImageType | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  // An SVG document: optional XML declaration, comments and doctype, then the <svg> element.
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text))
    return 'image/svg+xml';
  return undefined;
}

async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** An uploaded file's stream; `truncated` is set when it went over the size limit. */
export type Upload = Readable & { truncated?: boolean };

export interface StoredImage {
  fileName: string;
  type: MapImageType;
}

/**
 * Streams an upload to a temporary file, checks its type, then moves it to `<id>.<ext>`.
 * Returns undefined (and keeps nothing) when the bytes are not an accepted image.
 */
export async function storeMapImage(
  dir: string,
  id: string,
  upload: Upload,
): Promise<StoredImage | undefined> {
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${id}.${randomToken(6)}.tmp`);
  try {
    await pipeline(upload, createWriteStream(tmp));
    // The multipart parser stops at the size limit and flags the stream instead of failing it.
    if (upload.truncated) throw new HttpError(413, MAP_MSG.tooLarge);
    const type = sniffImageType(await readHead(tmp));
    if (!type) return undefined;
    const fileName = `${id}.${MAP_IMAGE_TYPES[type]}`;
    await rename(tmp, path.join(dir, fileName));
    return { fileName, type };
  } finally {
    await rm(tmp, { force: true });
  }
}

export async function removeMapImage(dir: string, fileName: string): Promise<void> {
  if (fileName) await rm(path.join(dir, path.basename(fileName)), { force: true });
}

export async function mapImageStat(dir: string, fileName: string) {
  try {
    return await stat(path.join(dir, path.basename(fileName)));
  } catch {
    return undefined;
  }
}
