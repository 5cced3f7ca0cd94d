/** Photo fixtures: images made with sharp (with EXIF), multipart bodies, and image rows. */
import sharp from 'sharp';
import { images } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import type { Client } from '../factories.js';

export interface PhotoOptions {
  width?: number;
  height?: number;
  color?: string;
  format?: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff';
  make?: string;
  model?: string;
  /** EXIF DateTimeOriginal, `YYYY:MM:DD hh:mm:ss`. */
  taken?: string;
  /** [longitude, latitude] written as EXIF GPS. */
  gps?: [number, number];
  orientation?: number;
}

const dms = (v: number) => {
  const a = Math.abs(v);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 1000);
  return `${d}/1 ${m}/1 ${s}/1000`;
};

/** A photo file made by sharp, with the EXIF the options ask for. */
export async function makePhoto(opts: PhotoOptions = {}): Promise<Buffer> {
  let img = sharp({
    create: {
      width: opts.width ?? 400,
      height: opts.height ?? 200,
      channels: 3,
      background: opts.color ?? '#c33',
    },
  });
  const exif: Record<string, Record<string, string>> = {};
  if (opts.make || opts.model) exif.IFD0 = { Make: opts.make ?? '', Model: opts.model ?? '' };
  if (opts.taken) exif.IFD2 = { DateTimeOriginal: opts.taken };
  if (opts.gps) {
    const [lon, lat] = opts.gps;
    exif.IFD3 = {
      GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
      GPSLatitude: dms(lat),
      GPSLongitudeRef: lon >= 0 ? 'E' : 'W',
      GPSLongitude: dms(lon),
    };
  }
  const format = opts.format ?? 'jpeg';
  img = img.toFormat(format);
  if (Object.keys(exif).length) img = img.withExif(exif);
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toBuffer();
}

export type Part =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename: string; type?: string };

export function multipartBody(parts: Part[]) {
  const boundary = `----sightline${newId()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST api/images?site= with the parts. */
export function uploadPhotos(client: Client, siteId: string, parts: Part[]) {
  const { body, headers } = multipartBody(parts);
  return client.request('POST', `/api/images?site=${siteId}`, body, headers);
}

/** An image row without files (for filter tests); returns its id. */
export async function makeImage(
  app: App,
  orgId: string,
  siteId: string,
  overrides: Partial<typeof images.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await app.ctx.db.insert(images).values({
    id,
    orgId,
    siteId,
    timestamp: new Date(),
    fileName: `photo-${id}.jpg`,
    format: 'jpeg',
    ...overrides,
  });
  return id;
}
