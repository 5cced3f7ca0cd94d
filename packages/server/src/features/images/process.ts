/**
 * What an upload becomes: the type sniffed from the bytes by sharp, limits checked,
 * EXIF read by exifr, and from one decode a ~320 px WebP thumbnail and a ~64 px mini, both turned
 * upright from the EXIF orientation.
 */
import {
  IMAGE_FORMATS,
  IMAGE_MAX_PIXELS,
  IMAGE_MINI_PX,
  IMAGE_MSG,
  IMAGE_THUMB_PX,
  type ImageFormat,
} from '@sightline/shared';
import exifr from 'exifr';
import sharp, { type Metadata } from 'sharp';
import { badRequest, HttpError } from '../../platform/errors.js';
import type { StageClock } from '../../platform/stage-clock.js';
import { exifBounded } from './exif-guard.js';

interface Processed {
  format: ImageFormat;
  width: number;
  height: number;
  orientation: number;
  make: string;
  model: string;
  /** DateTimeOriginal, when the camera recorded one. */
  takenAt?: Date;
  /** [longitude, latitude]; [0, 0] when there is no GPS position. */
  coordinates: [number, number];
  thumb: Buffer;
  mini: Buffer;
}

interface Exif {
  DateTimeOriginal?: Date | string;
  CreateDate?: Date | string;
  latitude?: number;
  longitude?: number;
  Orientation?: number;
  Make?: string;
  Model?: string;
}

const clean = (s: unknown) => (typeof s === 'string' ? s.replaceAll('\u0000', '').trim().slice(0, 200) : '');

function validDate(value: unknown): Date | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1900 ? date : undefined;
}

async function readExif(file: string): Promise<Exif> {
  try {
    return ((await exifr.parse(file, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      translateValues: false,
      pick: [
        'DateTimeOriginal',
        'CreateDate',
        'Orientation',
        'Make',
        'Model',
        'GPSLatitude',
        'GPSLatitudeRef',
        'GPSLongitude',
        'GPSLongitudeRef',
        'latitude',
        'longitude',
      ],
    })) ?? {}) as Exif;
  } catch {
    return {}; // no or broken EXIF: the photo is still a photo
  }
}

/**
 * A coordinate to 7 decimals (about 1 cm), the precision a phone's GPS gives: EXIF's degrees,
 * minutes and seconds summed in floating point leave noise (41.826800000000006) that is not data.
 */
export const roundCoordinate = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

function location(exif: Exif): [number, number] {
  const { latitude, longitude } = exif;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return [0, 0];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [0, 0];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return [0, 0];
  return [roundCoordinate(longitude), roundCoordinate(latitude)];
}

/**
 * Whether the first bytes are those of a raster format sharp may decode for us (JPEG, PNG, GIF,
 * WebP, TIFF, HEIF/AVIF): only then is the decode started before the header check has answered.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

function looksRaster(head: Buffer) {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    ascii(0, 4) === '\x89PNG' ||
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    ascii(0, 4) === 'II*\0' ||
    ascii(0, 4) === 'MM\0*' ||
    (ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12)))
  );
}

/**
 * One decode: the original (shrunk on load where the codec can) to the thumbnail's raw pixels,
 * turned upright; the thumbnail and the mini are both encoded from those pixels. The pixel limit
 * is sharp's own, checked from the header before anything is decoded.
 */
async function thumbnails(file: string): Promise<[Buffer, Buffer]> {
  const { data, info } = await sharp(file, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'none' })
    .autoOrient()
    .resize(IMAGE_THUMB_PX, IMAGE_THUMB_PX, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all([
    sharp(data, raw).webp({ quality: 80 }).toBuffer(),
    sharp(data, raw)
      .resize(IMAGE_MINI_PX, IMAGE_MINI_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer(),
  ]);
}

/**
 * Reads, checks and thumbnails the spooled file; throws 400 for non-images and 413 for huge ones.
 * The header check, the decode and the EXIF read run side by side (sharp works in libuv's pool,
 * exifr on the main thread) when the first bytes are a raster format's; the answer is the same as
 * one after the other, only sooner.
 */
export async function processImage(file: string, head: Buffer, clock?: StageClock): Promise<Processed> {
  const time = <T>(stage: string, work: () => Promise<T>) => (clock ? clock.time(stage, work) : work());
  // Before sharp opens the file: libexif would otherwise walk a looping EXIF block for seconds.
  if (!(await exifBounded(file, head))) throw badRequest(IMAGE_MSG.badExif);
  const decode = () => time('thumbnails', () => thumbnails(file));
  const early = looksRaster(head) ? decode() : undefined;
  // Settled here so that an early decode of a file refused below is never an unhandled rejection.
  early?.catch(() => undefined);
  const exif = time('exif', () => readExif(file));
  let meta: Metadata;
  try {
    // Header only: the format and size.
    meta = await time('probe', () => sharp(file, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(IMAGE_MSG.notImage);
  }
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  if (!format || !(format in IMAGE_FORMATS) || !meta.width || !meta.height)
    throw badRequest(IMAGE_MSG.notImage);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new HttpError(413, IMAGE_MSG.tooManyPixels);

  let thumb: Buffer;
  let mini: Buffer;
  try {
    [thumb, mini] = await (early ?? decode());
  } catch {
    throw badRequest(IMAGE_MSG.notImage);
  }

  const tags = await exif;
  const orientation = Number(tags.Orientation ?? meta.orientation ?? 1);
  return {
    format: format as ImageFormat,
    width: meta.autoOrient?.width ?? meta.width,
    height: meta.autoOrient?.height ?? meta.height,
    orientation: Number.isInteger(orientation) && orientation >= 1 && orientation <= 8 ? orientation : 1,
    make: clean(tags.Make),
    model: clean(tags.Model),
    takenAt: validDate(tags.DateTimeOriginal) ?? validDate(tags.CreateDate),
    coordinates: location(tags),
    thumb,
    mini,
  };
}
