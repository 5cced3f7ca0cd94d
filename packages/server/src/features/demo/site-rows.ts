/** Rows of one demo site: the site, its map, zones with gates, endpoints, location tags, heartbeats. */
import { randomUUID } from 'node:crypto';
import { SiteSettings, toNanoseconds } from '@sightline/shared';
import type { endpointStatus, endpoints, locationTags, maps, sites, zones } from '../../db/schema.js';
import { newId, randomToken } from '../../platform/ids.js';
import { DEMO_ZONES, type DemoSite, MAP_HEIGHT, MAP_WIDTH, type Room, type ZoneKey } from './catalog.js';
import type { Random } from './random.js';

const MINUTE = 60_000;

export interface SiteRows {
  site: typeof sites.$inferInsert;
  map: typeof maps.$inferInsert;
  zones: (typeof zones.$inferInsert)[];
  endpoints: (typeof endpoints.$inferInsert)[];
  locationTags: (typeof locationTags.$inferInsert)[];
  heartbeats: (typeof endpointStatus.$inferInsert)[];
  /** Per zone: its id and reader, for placing things. */
  placement: Map<ZoneKey, { zoneId: string; endpointId: string; room: Room }>;
}

interface SiteContext {
  orgId: string;
  now: number;
  emailDomain: string;
  parentCategoryIds: string[];
  random: Random;
  /** This site's index in DEMO_SITES; the second site's yard gate is the stale reader. */
  index: number;
}

const center = (r: Room): [number, number] => [r.x + r.w / 2, r.y + r.h / 2];

/** A reader's heartbeats, five minutes apart; the newest `ageMinutes` old. */
function heartbeats(endpointId: string, ip: string, ageMinutes: number, ctx: SiteContext) {
  return [2, 1, 0].map((k) => ({
    endpointId,
    time: new Date(ctx.now - (ageMinutes + k * 5) * MINUTE),
    ip,
    version: 'Impinj R700 8.4.1',
    uptime: 86_400 * 9 - (ageMinutes + k * 5) * 60,
    readerTemp: 38 + ctx.random.int(0, 60) / 10,
  }));
}

export function buildSiteRows(def: DemoSite, ctx: SiteContext): SiteRows {
  const { orgId, random } = ctx;
  const siteId = newId(ctx.now);
  const mapId = newId(ctx.now);
  const mail = (local: string) => `${local}@${ctx.emailDomain}`;
  const rows: SiteRows = {
    site: {
      id: siteId,
      orgId,
      name: def.name,
      description: def.description,
      startDate: new Date(Date.UTC(2023, 0, 9)),
      ...def.address,
      timezone: def.timezone,
      reportDailyTime: '07:00',
      // The daily report's recipients are at example.com, a domain reserved never to receive mail.
      reportEmails: ['operations@example.com', 'reports@example.com'],
      settings: SiteSettings.parse({ parentCategories: ctx.parentCategoryIds }),
    },
    map: {
      id: mapId,
      orgId,
      siteId,
      name: `${def.name} Floor Plan`,
      image: `${mapId}.svg`,
      imageType: 'image/svg+xml',
      topLeftX: 0,
      topLeftY: 0,
      botRightX: MAP_WIDTH,
      botRightY: MAP_HEIGHT,
    },
    zones: [],
    endpoints: [],
    locationTags: [],
    heartbeats: [],
    placement: new Map(),
  };

  DEMO_ZONES.forEach((z, i) => {
    const zoneId = newId(ctx.now);
    const endpointId = newId(ctx.now);
    const { x, y, w, h } = z.room;
    const door: [number, number] = [x + w / 2, y + h - 12];
    rows.endpoints.push({
      id: endpointId,
      orgId,
      siteId,
      name: z.reader,
      mapId,
      uuid: randomUUID(),
      key: randomToken(24),
      x: door[0],
      y: door[1],
      description: `Fixed reader at the ${z.name} door`,
      antennas: [
        { antenna: 1, xycoordinates: [x + w * 0.25, y + h * 0.5], map: mapId },
        { antenna: 2, xycoordinates: [x + w * 0.75, y + h * 0.5], map: mapId },
      ],
    });
    rows.zones.push({
      id: zoneId,
      orgId,
      siteId,
      name: z.name,
      description: z.description,
      durationNs: toNanoseconds(z.alertMinutes, 'minutes'),
      emails: z.alertEmails.map(mail),
      immediateKill: z.immediateKill,
      killMode: 'clearZone',
      gates: [{ endpoint: endpointId, direction: 'NEAR', antenna: -1 }],
    });
    const [cx, cy] = center(z.room);
    rows.locationTags.push({
      id: newId(ctx.now),
      orgId,
      siteId,
      name: `${z.name} Marker`,
      tag: `AD${String(ctx.index).padStart(2, '0')}${String(i).padStart(4, '0')}${random.hex(16)}`,
      zoneId,
      mapId,
      x: cx,
      y: cy,
    });
    rows.placement.set(z.key, { zoneId, endpointId, room: z.room });
    rows.heartbeats.push(...heartbeats(endpointId, `${def.ipPrefix}.${11 + i}`, random.int(1, 4), ctx));
  });

  const yardId = newId(ctx.now);
  const handheldId = newId(ctx.now);
  rows.endpoints.push(
    {
      id: yardId,
      orgId,
      siteId,
      name: 'Yard Gate',
      mapId,
      uuid: randomUUID(),
      key: randomToken(24),
      externalGate: true,
      x: MAP_WIDTH - 20,
      y: 360,
      description: 'External gate: things read going OUT leave the site',
    },
    {
      id: handheldId,
      orgId,
      siteId,
      name: 'Handheld 1',
      mapId,
      uuid: randomUUID(),
      key: randomToken(24),
      autoEnroll: true,
      description: 'Handheld reader: locates itself by the zone markers and enrolls unknown tags',
    },
  );
  // The second site's yard gate has been silent for three hours: a stale row on the dashboard.
  const yardAge = ctx.index === 1 ? 180 : random.int(1, 4);
  rows.heartbeats.push(...heartbeats(yardId, `${def.ipPrefix}.30`, yardAge, ctx));
  for (const e of rows.endpoints) {
    const newest = rows.heartbeats.filter((b) => b.endpointId === e.id).map((b) => b.time.getTime());
    e.lastHeartbeat = newest.length ? new Date(Math.max(...newest)) : null;
  }
  return rows;
}
