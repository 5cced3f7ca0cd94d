/** Items and workers of one demo site, placed in its zones as if readers had seen them. */

import type { NewEventRow, NewThingRow, NewThingTagRow } from '../../db/rows.js';
import { newId } from '../../platform/ids.js';
import {
  type CategoryName,
  type DemoSite,
  FIRST_NAMES,
  ITEM_LABELS,
  ITEM_MODELS,
  type ItemModel,
  KIT,
  LAST_NAMES,
  MAP_HEIGHT,
  MAP_WIDTH,
  type ZoneKey,
} from './catalog.js';
import type { Random } from './random.js';
import type { SiteRows } from './site-rows.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WORKER_ROLES = [
  'Picker',
  'Forklift operator',
  'Shift lead',
  'Receiving clerk',
  'Maintenance technician',
];

export interface ThingContext {
  orgId: string;
  now: number;
  random: Random;
  categoryIds: Record<CategoryName, string>;
  /** Tags already used in the organization: tags are unique within it. */
  usedTags: Set<string>;
  /** Running counters, so names stay unique across both sites. */
  counters: { models: Map<string, number>; workers: number };
}

export interface ThingRows {
  things: NewThingRow[];
  tags: NewThingTagRow[];
  /** The reading that put each placed thing in its zone, seen until its last sighting. */
  events: NewEventRow[];
}

/** Readers report a tag in view about once a minute in the demo (repeats merge into one event). */
const REPEAT_MS = MINUTE;

function entryEvent(t: NewThingRow): NewEventRow[] {
  if (!t.zoneId || !t.tag1 || !t.lastZoneTime || !t.lastEvent) return [];
  const firstTime = t.lastZoneTime;
  const time = t.lastEvent > firstTime ? t.lastEvent : firstTime;
  return [
    {
      orgId: t.orgId,
      siteId: t.siteId,
      tag: t.tag1,
      thingId: t.id ?? '',
      time,
      firstTime,
      repeatCount: Math.floor((time.getTime() - firstTime.getTime()) / REPEAT_MS),
      direction: 'NEAR',
      endpointId: t.endpointId,
      zoneId: t.zoneId,
    },
  ];
}

function uniqueTag(ctx: ThingContext, prefix: string): string {
  for (;;) {
    const tag = prefix + ctx.random.hex(24 - prefix.length);
    if (!ctx.usedTags.has(tag)) {
      ctx.usedTags.add(tag);
      return tag;
    }
  }
}

/** Where and since when a thing is: a zone with entry time and last sighting, or never seen. */
function placed(
  site: SiteRows,
  key: ZoneKey | undefined,
  minutesAgo: number,
  ctx: ThingContext,
): Partial<NewThingRow> {
  const spot = key && site.placement.get(key);
  if (!spot) return {};
  const { random } = ctx;
  const lastZoneTime = new Date(ctx.now - minutesAgo * MINUTE);
  const seenAgo = Math.floor(minutesAgo * random.next() * 0.3);
  const lastSeen = new Date(ctx.now - seenAgo * MINUTE);
  const { room } = spot;
  return {
    zoneId: spot.zoneId,
    lastZoneTime,
    lastEvent: lastSeen,
    lastEndpointTime: lastSeen,
    endpointId: spot.endpointId,
    direction: 'NEAR',
    mapId: site.map.id,
    x: (room.x + 20 + random.next() * (room.w - 40)) / MAP_WIDTH,
    y: (room.y + 20 + random.next() * (room.h - 40)) / MAP_HEIGHT,
  };
}

function itemZone(model: ItemModel, r: Random): { key: ZoneKey | undefined; minutesAgo: number } {
  const roll = r.next();
  if (roll < 0.1) return { key: undefined, minutesAgo: 0 };
  if (roll < 0.25) return { key: 'receiving', minutesAgo: r.int(10, 300) };
  const home: ZoneKey =
    model.category === 'Pallets' || model.category === 'Safety Gear' ? 'storageB' : 'storageA';
  const other: ZoneKey = home === 'storageA' ? 'storageB' : 'storageA';
  return { key: r.next() < 0.8 ? home : other, minutesAgo: r.int(60, 14 * 24 * 60) };
}

function item(
  model: ItemModel,
  site: SiteRows,
  ctx: ThingContext,
  overrides: Partial<NewThingRow> = {},
): NewThingRow {
  const { random } = ctx;
  const n = (ctx.counters.models.get(model.name) ?? 0) + 1;
  ctx.counters.models.set(model.name, n);
  const created = new Date(ctx.now - random.int(20, 200) * DAY);
  const where = itemZone(model, random);
  return {
    id: newId(ctx.now),
    orgId: ctx.orgId,
    siteId: site.site.id,
    name: `${model.name} #${String(n).padStart(2, '0')}`,
    serial: `${model.serialPrefix}-${random.chars(7)}`,
    class: 'item',
    tag1: uniqueTag(ctx, '3034'),
    categories: [ctx.categoryIds[model.category]],
    labels: random.next() < 0.2 ? [random.pick(ITEM_LABELS)] : [],
    timeCreated: created,
    timeModified: created,
    ...placed(site, where.key, where.minutesAgo, ctx),
    ...overrides,
  };
}

function worker(site: SiteRows, ctx: ThingContext): NewThingRow {
  const { random } = ctx;
  const g = ctx.counters.workers++;
  const key = random.pick<ZoneKey>(['breakRoom', 'receiving', 'storageA', 'storageB']);
  // Some break-room stays already exceed the 45-minute alert.
  const minutesAgo = key === 'breakRoom' ? random.int(5, 70) : random.int(10, 240);
  const created = new Date(ctx.now - random.int(60, 400) * DAY);
  return {
    id: newId(ctx.now),
    orgId: ctx.orgId,
    siteId: site.site.id,
    name: `${FIRST_NAMES[g % FIRST_NAMES.length]} ${LAST_NAMES[(g * 3 + Math.floor(g / 20)) % LAST_NAMES.length]}`,
    description: random.pick(WORKER_ROLES),
    serial: `EMP-${1001 + g}`,
    class: 'worker',
    tag1: uniqueTag(ctx, 'E280'),
    timeCreated: created,
    timeModified: created,
    ...placed(site, key, minutesAgo, ctx),
  };
}

/** The field service kit and its children, all in Storage A. */
function kit(site: SiteRows, ctx: ThingContext): NewThingRow[] {
  const inStorageA = placed(site, 'storageA', ctx.random.int(600, 3000), ctx);
  const parent: NewThingRow = {
    ...item({ name: KIT.name, category: 'Kits', serialPrefix: 'FSK' }, site, ctx, inStorageA),
    name: KIT.name,
    serial: KIT.serial,
    description: 'Parent kit: its children are expected wherever it is',
  };
  const children = KIT.children.map((name) => {
    const model = ITEM_MODELS.find((m) => m.name === name) ?? ITEM_MODELS[0];
    return item(model, site, ctx, { ...inStorageA, parents: [parent.id] });
  });
  return [parent, ...children];
}

export function buildThingRows(
  def: DemoSite,
  site: SiteRows,
  withKit: boolean,
  ctx: ThingContext,
): ThingRows {
  const list = withKit ? kit(site, ctx) : [];
  while (list.length < def.items) list.push(item(ctx.random.pick(ITEM_MODELS), site, ctx));
  for (let i = 0; i < def.workers; i++) list.push(worker(site, ctx));
  const tags = list.flatMap((t) => (t.tag1 ? [{ orgId: ctx.orgId, tag: t.tag1, thingId: t.id }] : []));
  return { things: list, tags, events: list.flatMap(entryEvent) };
}
