/** Photo fixtures: images made with sharp (with EXIF), multipart bodies, and image rows. */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { images } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import type { Client } from './app.factory.js';

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

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of width × height black pixels (`channels` 1 grey, 3 RGB, 4 RGBA; `depth` 8 or 16 bits)
 * whose data really inflates to every row: a block of rows is compressed once, ending on a full
 * flush, and repeated, so gigabytes of pixels are a few megabytes to build.
 */
function zeroPng(width: number, height: number, channels = 1, depth = 8): Buffer {
  const colorType = { 1: 0, 3: 2, 4: 6 }[channels] ?? 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(depth, 8);
  header.writeUInt8(colorType, 9);
  const rowBytes = 1 + Math.ceil((width * channels * depth) / 8);
  const rowsPerBlock = Math.max(1, Math.min(height, Math.floor((4 * 1024 * 1024) / rowBytes)));
  const block = zlib.deflateRawSync(Buffer.alloc(rowBytes * rowsPerBlock), {
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const blocks = Math.floor(height / rowsPerBlock);
  const rest = zlib.deflateRawSync(Buffer.alloc(rowBytes * (height - blocks * rowsPerBlock)));
  // zlib's wrapper: a header, the deflate data, and the Adler-32 of the bytes (all zero: a = 1).
  const total = rowBytes * height;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((total % 65521) * 65536 + 1) >>> 0);
  const data = Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array(blocks).fill(block), rest, adler]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small photo of `format` whose header is rewritten to declare width × height pixels. */
async function declaring(format: 'jpeg' | 'gif', width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await makePhoto({ format, width: 16, height: 16 }));
  if (format === 'gif') {
    // The logical screen and the image descriptor (after the 768-byte colour table sharp writes).
    file.writeUInt16LE(width, 6);
    file.writeUInt16LE(height, 8);
    const descriptor = file.indexOf(0x2c, 13);
    file.writeUInt16LE(width, descriptor + 5);
    file.writeUInt16LE(height, descriptor + 7);
    return file;
  }
  // The JPEG frame header (SOF0 or SOF2): length, precision, then height and width.
  const frame = [0xc0, 0xc2].map((m) => file.indexOf(Buffer.from([0xff, m]))).find((i) => i > 0) ?? -1;
  file.writeUInt16BE(height, frame + 5);
  file.writeUInt16BE(width, frame + 7);
  return file;
}

/** An uncompressed 8-bit grey TIFF that declares width × height pixels and holds one strip. */
function declaringTiff(width: number, height: number): Buffer {
  const tags: [number, number, number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0], // strip offset, filled in below
    [277, 3, 1],
    [278, 4, height],
    [279, 4, width * height],
  ];
  const ifd = Buffer.alloc(2 + tags.length * 12 + 4);
  ifd.writeUInt16LE(tags.length, 0);
  const dataStart = 8 + ifd.length;
  tags.forEach(([tag, type, value], i) => {
    ifd.writeUInt16LE(tag, 2 + i * 12);
    ifd.writeUInt16LE(type, 4 + i * 12);
    ifd.writeUInt32LE(1, 6 + i * 12);
    ifd.writeUInt32LE(tag === 273 ? dataStart : value, 10 + i * 12);
  });
  return Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]), ifd, Buffer.alloc(64 * 1024)]);
}

/**
 * An EXIF block built to hurt a parser: 5,000 entries in its first directory, a Make of a billion
 * characters, an orientation of a billion values, and directories that point back at themselves.
 */
function exifBlock(): Buffer {
  const entries = 5000;
  const tiff = Buffer.alloc(8 + 2 + entries * 12 + 4);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(entries, 8);
  for (let i = 0; i < entries; i++) {
    const at = 10 + i * 12;
    const [tag, type, count, value] = [
      [0x010f, 2, 1_000_000_000, 8], // Make
      [0x0112, 3, 1_000_000_000, 8], // Orientation
      [0x8769, 4, 1, 8], // the EXIF directory: the first directory again
      [0x8825, 4, 1, 8], // the GPS directory: the first directory again
    ][i % 4] as [number, number, number, number];
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  }
  tiff.writeUInt32LE(8, 10 + entries * 12); // the next directory: the first again
  return tiff;
}

/** A real photo of `format` carrying the EXIF bomb where that format keeps EXIF. */
async function exifBomb(format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const photo = await makePhoto({ format });
  const exif = exifBlock();
  if (format === 'png') {
    // After the signature and IHDR (8 + 25 bytes).
    return Buffer.concat([photo.subarray(0, 33), pngChunk('eXIf', exif), photo.subarray(33)]);
  }
  if (format === 'webp') {
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(type, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
    };
    const { width = 1, height = 1 } = await sharp(photo).metadata();
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x08; // EXIF present
    vp8x.writeUIntLE(width - 1, 4, 3);
    vp8x.writeUIntLE(height - 1, 7, 3);
    const body = Buffer.concat([
      Buffer.from('WEBP'),
      chunk('VP8X', vp8x),
      photo.subarray(12),
      chunk('EXIF', exif),
    ]);
    const riff = Buffer.alloc(8);
    riff.write('RIFF', 0, 'latin1');
    riff.writeUInt32LE(body.length, 4);
    return Buffer.concat([riff, body]);
  }
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exif]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(app1.length + 2, 2);
  return Buffer.concat([photo.subarray(0, 2), marker, app1, photo.subarray(2)]);
}

/** An SVG whose entities name one another ten times, nine levels deep (a billion `lol`s). */
function svgEntities(): Buffer {
  const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join(
    '',
  );
  return Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">${levels}]>` +
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&l9;</text></svg>',
  );
}

/** Image bombs, each a few megabytes at most to send. */
export const imageBomb = {
  /** 50,000 × 50,000 pixels of real data (2.5 gigapixels in 2.4 MB). */
  pngPixels: () => zeroPng(50_000, 50_000),
  jpegPixels: () => declaring('jpeg', 65_000, 65_000),
  gifPixels: () => declaring('gif', 65_535, 65_535),
  tiffPixels: () => declaringTiff(50_000, 50_000),
  exif: exifBomb,
  svgEntities,
};
