/** Things (items and workers), their categories and the tag index. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { created, id, orgId, textArray, ts } from './columns.js';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    orgId: orgId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    timeCreated: created(),
  },
  (t) => [uniqueIndex('categories_org_name_uq').on(t.orgId, sql`lower(${t.name})`)],
);

export const things = pgTable(
  'things',
  {
    id: id(),
    orgId: orgId(),
    /** Home site: the selected site when created or imported. */
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    serial: text('serial').notNull().default(''),
    class: text('class').notNull().default('item'),
    tag1: text('tag1'),
    tag2: text('tag2'),
    tags: textArray('tags'),
    categories: textArray('categories'),
    labels: textArray('labels'),
    parents: textArray('parents'),
    photo: textArray('photo'),
    timeCreated: created(),
    timeModified: ts('time_modified').notNull().defaultNow(),
    /** Soft delete (kill mode deleteThing keeps history). */
    deletedAt: ts('deleted_at'),
    // state, written by the tracking engine
    zoneId: text('zone_id'),
    lastZoneTime: ts('last_zone_time'),
    /** A move waiting out its zone's entry delay: the zone, and the first sighting there. */
    pendingZoneId: text('pending_zone_id'),
    pendingZoneSince: ts('pending_zone_since'),
    lastEvent: ts('last_event'),
    lastEndpointTime: ts('last_endpoint_time'),
    endpointId: text('endpoint_id'),
    direction: text('direction'),
    locationTagId: text('location_tag_id'),
    mapId: text('map_id'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    alarmTamper: boolean('alarm_tamper').notNull().default(false),
    alarmTamperTag: text('alarm_tamper_tag'),
    alarmTamperTime: ts('alarm_tamper_time'),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [
    // INCLUDE (site_id, zone_id) in migration 0013.
    index('things_org_class_zone_time_idx')
      .on(t.orgId, t.class, t.lastZoneTime.desc().nullsLast(), t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('things_org_name_idx').on(t.orgId, sql`lower(${t.name})`, t.id),
    index('things_site_idx').on(t.siteId),
    // INCLUDE (org_id, deleted_at) in migration 0011: the zone overview counts from the index alone.
    index('things_zone_idx').on(t.zoneId, t.class),
    index('things_categories_idx').using('gin', t.categories),
    // INCLUDE (org_id, site_id, zone_id) in migration 0013.
    index('things_map_name_idx')
      .on(t.mapId, sql`lower(${t.name})`, t.lastZoneTime.desc().nullsLast(), t.id.desc())
      .where(sql`${t.deletedAt} IS NULL AND ${t.mapId} IS NOT NULL`),
    index('things_live_zone_time_idx').on(t.lastZoneTime).where(sql`${t.deletedAt} IS NULL`),
    // The text search2 matches, after the class (function thing_search_text, migrations 0011, 0018).
    index('things_search_trgm_idx').using(
      'gin',
      t.class,
      sql`thing_search_text(${t.name}, ${t.serial}, ${t.description}, ${t.tags}, ${t.tag1}, ${t.tag2}, ${t.labels}) gin_trgm_ops`,
    ),
    index('things_parents_idx').using('gin', t.parents),
    index('things_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** One row per tag of a thing (tag1, tag2, tags[]): tags are unique within an organization. */
export const thingTags = pgTable(
  'thing_tags',
  {
    orgId: orgId(),
    tag: text('tag').notNull(),
    thingId: text('thing_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.tag] }), index('thing_tags_thing_idx').on(t.thingId)],
);

/**
 * Live things per (organization, category, class, home site, zone), for the things lists' totals
 * by category (migration 0015): kept by triggers on `things`, which append +1 / -1 rows to
 * `categoryCountChanges`; features/things/category-counts.ts folds those into `categoryCounts`.
 * A count is the sum over both tables. `zoneId` is '' for things in no zone.
 */
export const categoryCounts = pgTable(
  'category_counts',
  {
    orgId: orgId(),
    category: text('category').notNull(),
    class: text('class').notNull(),
    siteId: text('site_id').notNull(),
    zoneId: text('zone_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.category, t.class, t.siteId, t.zoneId] })],
);

export const categoryCountChanges = pgTable(
  'category_count_changes',
  {
    orgId: orgId(),
    category: text('category').notNull(),
    class: text('class').notNull(),
    siteId: text('site_id').notNull(),
    zoneId: text('zone_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('category_count_changes_idx').on(t.orgId, t.category)],
);
