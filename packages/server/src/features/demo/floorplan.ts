/** A generated floor-plan SVG per demo site: the zones drawn as labelled rooms on one floor. */
import { DEMO_ZONES, MAP_HEIGHT, MAP_WIDTH, OFFICE, type Room } from './catalog.js';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const rect = (r: Room, attrs: string) =>
  `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" ${attrs}/>`;

function label(r: Room, title: string, subtitle: string): string {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  return [
    `<text x="${cx}" y="${cy - 4}" class="room">${escapeXml(title)}</text>`,
    `<text x="${cx}" y="${cy + 18}" class="note">${escapeXml(subtitle)}</text>`,
  ].join('');
}

/** Rows of racks along a storage room, two at each end so the label stays readable. */
function racks(r: Room): string {
  return [r.y + 30, r.y + 66, r.y + r.h - 80, r.y + r.h - 44]
    .map((y) => `<rect x="${r.x + 30}" y="${y}" width="${r.w - 60}" height="14" class="rack"/>`)
    .join('');
}

/** Dock doors on the outer wall (left for receiving, right for shipping). */
function dockDoors(r: Room, side: 'left' | 'right'): string {
  const x = side === 'left' ? r.x - 8 : r.x + r.w - 4;
  return [0, 1, 2]
    .map((i) => `<rect x="${x}" y="${r.y + 40 + i * 80}" width="12" height="50" class="dock"/>`)
    .join('');
}

function tables(r: Room): string {
  return [0, 1, 2]
    .map((i) => `<circle cx="${r.x + 60 + i * 90}" cy="${r.y + r.h - 45}" r="18" class="table"/>`)
    .join('');
}

export function floorPlanSvg(siteName: string): string {
  const rooms = DEMO_ZONES.map((z) => {
    const furniture =
      z.key === 'storageA' || z.key === 'storageB'
        ? racks(z.room)
        : z.key === 'receiving'
          ? dockDoors(z.room, 'left')
          : z.key === 'shipping'
            ? dockDoors(z.room, 'right')
            : tables(z.room);
    return `<g id="zone-${z.key}">${rect(z.room, `fill="${z.fill}" class="wall"`)}${furniture}${label(z.room, z.name, z.description)}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}">`,
    `<title>${escapeXml(siteName)} floor plan</title>`,
    '<style>',
    '.wall{stroke:#455a64;stroke-width:3}',
    '.rack{fill:#b0bec5;stroke:#78909c}',
    '.dock{fill:#ffb74d;stroke:#e65100}',
    '.table{fill:#f8bbd0;stroke:#ad1457}',
    '.room{font:600 22px sans-serif;fill:#263238;text-anchor:middle}',
    '.note{font:12px sans-serif;fill:#546e7a;text-anchor:middle}',
    '.title{font:600 14px sans-serif;fill:#37474f}',
    '</style>',
    `<rect x="0" y="0" width="${MAP_WIDTH}" height="${MAP_HEIGHT}" fill="#fafafa"/>`,
    `<rect x="10" y="10" width="${MAP_WIDTH - 20}" height="${MAP_HEIGHT - 20}" fill="#eceff1" stroke="#263238" stroke-width="6"/>`,
    ...rooms,
    `<g id="office">${rect(OFFICE, 'fill="#ede7f6" class="wall" stroke-dasharray="8 6"')}${label(OFFICE, 'Office', 'not tracked')}</g>`,
    `<text x="24" y="${MAP_HEIGHT - 20}" class="title">${escapeXml(siteName)}: floor plan</text>`,
    '</svg>',
    '',
  ].join('\n');
}
