/**
 * The demo's photos: a dozen simple scenes drawn by sharp (sky, floor, boxes and a caption), each a
 * JPEG whose EXIF carries the day it was "taken" and the GPS position of its site, uploaded through
 * the Images feature's own upload path, so the originals, thumbnails and minis exist as for any upload.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { type UploadPart, uploadImages } from '../images/upload.js';
import type { CategoryName } from './catalog.js';

const WIDTH = 960;
const HEIGHT = 640;

export interface DemoPhoto {
  fileName: string;
  caption: string;
  /** Index into the demo sites. */
  site: 0 | 1;
  /** Days and hours before the seed's time it was taken. */
  daysAgo: number;
  hour: number;
  sky: string;
  floor: string;
  box: string;
  tags: string[];
  categories: CategoryName[];
}

/** [longitude, latitude] of each demo site (its street address). */
export const SITE_POSITIONS: [number, number][] = [
  [0.0213, 51.5079],
  [-87.7436, 41.8268],
];

const photo = (
  fileName: string,
  caption: string,
  site: 0 | 1,
  daysAgo: number,
  hour: number,
  colors: [string, string, string],
  tags: string[],
  categories: CategoryName[],
): DemoPhoto => ({
  fileName,
  caption,
  site,
  daysAgo,
  hour,
  sky: colors[0],
  floor: colors[1],
  box: colors[2],
  tags,
  categories,
});

export const DEMO_PHOTOS: DemoPhoto[] = [
  photo(
    'dock-delivery.jpg',
    'Morning delivery',
    0,
    1,
    8,
    ['#90caf9', '#8d6e63', '#ffb74d'],
    ['dock', 'inbound'],
    ['Pallets'],
  ),
  photo(
    'damaged-pallet.jpg',
    'Damaged pallet',
    0,
    2,
    10,
    ['#b0bec5', '#6d4c41', '#e57373'],
    ['damage', 'inbound'],
    ['Pallets'],
  ),
  photo(
    'rack-a3.jpg',
    'Rack A3 count',
    0,
    3,
    14,
    ['#c5e1a5', '#9e9e9e', '#4db6ac'],
    ['inventory', 'rack'],
    ['Tools'],
  ),
  photo(
    'laptop-cart.jpg',
    'Laptop cart',
    0,
    4,
    11,
    ['#ce93d8', '#bdbdbd', '#7986cb'],
    ['inventory'],
    ['Laptops'],
  ),
  photo(
    'safety-station.jpg',
    'Safety station',
    0,
    5,
    9,
    ['#fff59d', '#a1887f', '#ff8a65'],
    ['safety', 'audit'],
    ['Safety Gear'],
  ),
  photo(
    'outbound-lane.jpg',
    'Outbound lane',
    0,
    6,
    16,
    ['#80deea', '#795548', '#aed581'],
    ['dock', 'outbound'],
    ['Pallets'],
  ),
  photo(
    'tool-wall.jpg',
    'Tool wall',
    0,
    8,
    13,
    ['#ffcc80', '#8d8d8d', '#64b5f6'],
    ['inventory', 'audit'],
    ['Tools'],
  ),
  photo(
    'depot-yard.jpg',
    'Depot yard',
    1,
    1,
    7,
    ['#81d4fa', '#616161', '#ffd54f'],
    ['yard', 'inbound'],
    ['Pallets'],
  ),
  photo('kit-check.jpg', 'Kit check', 1, 2, 15, ['#f48fb1', '#a1887f', '#9575cd'], ['audit'], ['Kits']),
  photo(
    'hard-hats.jpg',
    'Hard hats',
    1,
    3,
    12,
    ['#e6ee9c', '#8d6e63', '#ffee58'],
    ['safety'],
    ['Safety Gear'],
  ),
  photo(
    'water-damage.jpg',
    'Water damage',
    1,
    5,
    17,
    ['#b39ddb', '#5d4037', '#4fc3f7'],
    ['damage'],
    ['Pallets'],
  ),
  photo(
    'loaner-laptops.jpg',
    'Loaner laptops',
    1,
    7,
    10,
    ['#a5d6a7', '#9e9e9e', '#f06292'],
    ['inventory'],
    ['Laptops'],
  ),
];

/** When the photo was taken, to the second (EXIF keeps no more). */
function takenAt(p: DemoPhoto, now: number): Date {
  const day = new Date(now - p.daysAgo * 86_400_000);
  day.setHours(p.hour, 17, 42, 0);
  return day;
}

const two = (n: number) => String(n).padStart(2, '0');
/** EXIF's `YYYY:MM:DD hh:mm:ss`, a camera's local clock: read back as local time. */
const exifDate = (d: Date) =>
  `${d.getFullYear()}:${two(d.getMonth() + 1)}:${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;

const dms = (v: number) => {
  const a = Math.abs(v);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 1000);
  return `${d}/1 ${m}/1 ${s}/1000`;
};

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function sceneSvg(p: DemoPhoto, index: number): string {
  const horizon = Math.round(HEIGHT * 0.55);
  const boxes = Array.from({ length: 3 + (index % 3) }, (_, i) => {
    const w = 120 + ((index * 37 + i * 53) % 80);
    const h = 90 + ((index * 29 + i * 41) % 90);
    const x = 60 + i * 190 + ((index * 13) % 40);
    return `<rect x="${x}" y="${horizon + 150 - h}" width="${w}" height="${h}" fill="${p.box}" stroke="#3e2723" stroke-width="4"/>
      <line x1="${x}" y1="${horizon + 150 - h / 2}" x2="${x + w}" y2="${horizon + 150 - h / 2}" stroke="#3e2723" stroke-width="3"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="${WIDTH}" height="${horizon}" fill="${p.sky}"/>
    <rect y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="${p.floor}"/>
    <rect x="0" y="${horizon - 40}" width="${WIDTH}" height="40" fill="#ffffff" opacity="0.35"/>
    ${boxes}
    <rect x="0" y="${HEIGHT - 110}" width="${WIDTH}" height="110" fill="#000000" opacity="0.55"/>
    <text x="${WIDTH / 2}" y="${HEIGHT - 45}" text-anchor="middle" font-family="sans-serif" font-size="56" font-weight="bold" fill="#ffffff">${escapeXml(p.caption)}</text>
  </svg>`;
}

/** One demo photo as a JPEG with EXIF date, camera and GPS. */
async function renderPhoto(p: DemoPhoto, index: number, now: number): Promise<Buffer> {
  const [lon, lat] = SITE_POSITIONS[p.site] ?? [0, 0];
  return sharp(Buffer.from(sceneSvg(p, index)))
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Sightline', Model: 'Demo Camera' },
      IFD2: { DateTimeOriginal: exifDate(takenAt(p, now)) },
      IFD3: {
        GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
        GPSLatitude: dms(lat),
        GPSLongitudeRef: lon >= 0 ? 'E' : 'W',
        GPSLongitude: dms(lon),
      },
    })
    .toBuffer();
}

async function* parts(file: Buffer, p: DemoPhoto, categoryIds: Record<CategoryName, string>) {
  const fields: UploadPart[] = [
    ...p.tags.map((value) => ({ type: 'field' as const, fieldname: 'tags', value })),
    ...p.categories.map((c) => ({ type: 'field' as const, fieldname: 'categories', value: categoryIds[c] })),
  ];
  yield* fields;
  yield { type: 'file' as const, fieldname: 'file', filename: p.fileName, file: Readable.from([file]) };
}

/** Renders and uploads the photos as `caller` (the demo's admin). */
export async function seedPhotos(
  ctx: AppContext,
  caller: Caller,
  siteIds: string[],
  categoryIds: Record<CategoryName, string>,
  now: number,
): Promise<number> {
  // Each photo is drawn and uploaded on its own: sharp's work runs in libuv's pool, side by side
  // with the other photos' database writes.
  await Promise.all(
    DEMO_PHOTOS.map(async (p, i) => {
      const siteId = siteIds[p.site];
      if (!siteId) return;
      const file = await renderPhoto(p, i, now);
      await uploadImages(ctx, caller, siteId, parts(file, p, categoryIds));
    }),
  );
  return DEMO_PHOTOS.length;
}
