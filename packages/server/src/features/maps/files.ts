/**
 * Floor-plan images in the storage module under `maps/<id>.<ext>` (the data folder or S3). The type
 * is decided by the file's bytes, never by what the client claims.
 */
import { MAP_IMAGE_MAX_PIXELS, MAP_IMAGE_TYPES, MAP_MSG, type MapImageType } from '@sightline/shared';
import sharp from 'sharp';
import { badRequest, HttpError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/index.js';
import type { Spooled } from '../../platform/storage/spool.js';

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
 * A raster map's size from its header only (nothing is decoded): the browser of everyone who opens
 * the map decodes it, so an image that declares billions of pixels is refused here.
 */
async function checkPixels(file: string) {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(file, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(MAP_MSG.badImageType);
  }
  if (!width || !height) throw badRequest(MAP_MSG.badImageType);
  if (width * height > MAP_IMAGE_MAX_PIXELS) throw new HttpError(413, MAP_MSG.tooManyPixels);
}

/**
 * Checks a spooled upload's type, size and content, then stores it as `<id>.<ext>`. Returns
 * undefined (and keeps nothing) when the bytes are not an accepted image.
 */
export async function storeMapImage(
  storage: Storage,
  id: string,
  spooled: Spooled,
): Promise<StoredImage | undefined> {
  // The multipart parser stops at the size limit and flags the stream instead of failing it.
  if (spooled.truncated) throw new HttpError(413, MAP_MSG.tooLarge);
  const type = sniffImageType(spooled.head);
  if (!type) return undefined;
  // An SVG is never parsed here; the sniff above already refuses one with an internal DTD subset,
  // where the entities that multiply a document would be declared.
  if (type !== 'image/svg+xml') await checkPixels(spooled.file);
  const fileName = `${id}.${MAP_IMAGE_TYPES[type]}`;
  await storage.put(mapKey(fileName), spooled.open(), type);
  return { fileName, type };
}

export async function removeMapImage(storage: Storage, fileName: string): Promise<void> {
  if (fileName) await storage.delete(mapKey(fileName));
}
