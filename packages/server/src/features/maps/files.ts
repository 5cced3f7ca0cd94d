/**
 * Floor-plan images in the storage module under `maps/<id>.<ext>` (the data folder or S3). The type
 * is decided by the file's bytes, never by what the client claims.
 */
import { MAP_IMAGE_TYPES, MAP_MSG, type MapImageType } from '@sightline/shared';
import { HttpError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/index.js';
import { spoolUpload, type Upload } from '../../platform/storage/spool.js';

export type { Upload };

/** The storage key of a map image file. */
export const mapKey = (fileName: string) => `maps/${fileName.replace(/^.*\//, '')}`;

/** The image type of the first bytes of a file, if it is one maps accept. */
function sniffImageType(head: Buffer): MapImageType | undefined {
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

interface StoredImage {
  fileName: string;
  type: MapImageType;
}

/**
 * Spools an upload to a temporary file, checks its type, then stores it as `<id>.<ext>`.
 * Returns undefined (and keeps nothing) when the bytes are not an accepted image.
 */
export async function storeMapImage(
  storage: Storage,
  id: string,
  upload: Upload,
): Promise<StoredImage | undefined> {
  const spooled = await spoolUpload(upload);
  try {
    // The multipart parser stops at the size limit and flags the stream instead of failing it.
    if (spooled.truncated) throw new HttpError(413, MAP_MSG.tooLarge);
    const type = sniffImageType(spooled.head);
    if (!type) return undefined;
    const fileName = `${id}.${MAP_IMAGE_TYPES[type]}`;
    await storage.put(mapKey(fileName), spooled.open(), type);
    return { fileName, type };
  } finally {
    await spooled.remove();
  }
}

export async function removeMapImage(storage: Storage, fileName: string): Promise<void> {
  if (fileName) await storage.delete(mapKey(fileName));
}
