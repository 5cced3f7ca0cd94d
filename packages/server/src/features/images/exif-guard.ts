/**
 * A photo's EXIF directories, walked before sharp opens the file. libvips reads a photo's EXIF with
 * libexif as it reads the header, and libexif follows every directory pointer it meets, again and
 * again: a 60 kB EXIF block of 5,000 entries whose directories point back at themselves kept a
 * thread busy for 7 s on the header and 14 s on the decode. Here the EXIF blocks of JPEG (APP1),
 * PNG (eXIf) and WebP (EXIF) are found by walking the container's own segments, and a block is
 * refused when its directories loop, number more than 16, or one lists more than 1,000 entries
 * (a camera writes a few dozen). TIFF files are read by libtiff, which stops at a loop itself.
 */
import { type FileHandle, open } from 'node:fs/promises';

const MAX_DIRECTORIES = 16;
const MAX_ENTRIES = 1000;
/** Segments or chunks walked before the photo is taken for malformed (30 MB of 8 kB chunks is 3,840). */
const MAX_SEGMENTS = 10_000;
/** The tags whose value is the offset of another directory: EXIF, GPS, interoperability. */
const POINTERS = new Set([0x8769, 0x8825, 0xa005]);

/** Whether the directories of an EXIF (TIFF-structured) block are within the bounds above. */
function exifDirectoriesBounded(tiff: Buffer): boolean {
  const order = tiff.toString('latin1', 0, 2);
  if (tiff.length < 8 || (order !== 'II' && order !== 'MM')) return true; // not parsed as EXIF at all
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const pending = [u32(4)];
  const seen = new Set<number>();
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    if (at === 0) continue;
    if (seen.has(at) || seen.size >= MAX_DIRECTORIES) return false;
    seen.add(at);
    if (at + 2 > tiff.length) continue;
    const count = u16(at);
    if (count > MAX_ENTRIES) return false;
    for (let i = 0; i < count && at + 14 + i * 12 <= tiff.length; i++) {
      const entry = at + 2 + i * 12;
      if (POINTERS.has(u16(entry))) pending.push(u32(entry + 8));
    }
    const next = at + 2 + count * 12;
    if (next + 4 <= tiff.length) pending.push(u32(next));
  }
  return true;
}

async function bytesAt(file: FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

type Walk = (file: FileHandle, found: (block: Buffer) => boolean) => Promise<boolean>;

/** JPEG: marker segments up to the start of the scan; APP1 segments that begin `Exif\0\0`. */
const walkJpeg: Walk = async (file, found) => {
  let at = 2;
  for (let n = 0; n < MAX_SEGMENTS; n++) {
    const head = await bytesAt(file, at, 4);
    if (head.length < 4 || head[0] !== 0xff) return true;
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return true;
    const length = head.readUInt16BE(2);
    if (marker === 0xe1) {
      const data = await bytesAt(file, at + 4, length - 2);
      if (data.toString('latin1', 0, 6) === 'Exif\0\0' && !found(data.subarray(6))) return false;
    }
    at += 2 + length;
  }
  return false;
};

/** PNG: every chunk to IEND; eXIf chunks. */
const walkPng: Walk = async (file, found) => {
  let at = 8;
  for (let n = 0; n < MAX_SEGMENTS; n++) {
    const head = await bytesAt(file, at, 8);
    if (head.length < 8) return true;
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (type === 'IEND') return true;
    if (type === 'eXIf' && !found(await bytesAt(file, at + 8, length))) return false;
    at += 12 + length;
  }
  return false;
};

/** WebP: every RIFF chunk; EXIF chunks. */
const walkWebp: Walk = async (file, found) => {
  let at = 12;
  for (let n = 0; n < MAX_SEGMENTS; n++) {
    const head = await bytesAt(file, at, 8);
    if (head.length < 8) return true;
    const length = head.readUInt32LE(4);
    if (head.toString('latin1', 0, 4) === 'EXIF') {
      const data = await bytesAt(file, at + 8, length);
      // Some writers keep JPEG's `Exif\0\0` in front of the block.
      const block = data.toString('latin1', 0, 6) === 'Exif\0\0' ? data.subarray(6) : data;
      if (!found(block)) return false;
    }
    at += 8 + length + (length % 2);
  }
  return false;
};

function walkerOf(head: Buffer): Walk | undefined {
  if (head[0] === 0xff && head[1] === 0xd8) return walkJpeg;
  if (head.toString('latin1', 0, 4) === '\x89PNG') return walkPng;
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return walkWebp;
  return undefined;
}

/** Whether every EXIF block of the photo is within bounds (true for formats not walked here). */
export async function exifBounded(path: string, head: Buffer): Promise<boolean> {
  const walk = walkerOf(head);
  if (!walk) return true;
  const file = await open(path, 'r');
  try {
    return await walk(file, exifDirectoriesBounded);
  } finally {
    await file.close();
  }
}
