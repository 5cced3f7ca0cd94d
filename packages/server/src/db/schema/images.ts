import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

import { created, id, orgId, textArray, ts } from './columns.js';

export const images = pgTable(
  'images',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id'),
    timestamp: ts('timestamp').notNull(),
    timeCreated: created(),
    uploader: text('uploader'),
    longitude: doublePrecision('longitude').notNull().default(0),
    latitude: doublePrecision('latitude').notNull().default(0),
    annotation: text('annotation').notNull().default(''),
    tags: textArray('tags'),
    categories: textArray('categories'),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull().default(0),
    sizeX: integer('size_x').notNull().default(0),
    sizeY: integer('size_y').notNull().default(0),
    format: text('format').notNull().default(''),
    orientation: integer('orientation').notNull().default(1),
    device: text('device').notNull().default(''),
    sha256: text('sha256').notNull().default(''),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
  },
  (t) => [
    index('images_org_timestamp_idx').on(t.orgId, t.timestamp.desc()),
    index('images_site_timestamp_idx').on(t.orgId, t.siteId, t.timestamp.desc(), t.id.desc()),
    index('images_tags_idx').using('gin', t.tags),
    index('images_categories_idx').using('gin', t.categories),
  ],
);
