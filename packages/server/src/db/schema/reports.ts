/**
 * Report configurations and the daily report email's runs, one row per site and site-local day,
 * claimed once (docs/decisions/0033-daily-report-email.md).
 */
import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { created, id, orgId, textArray } from './columns.js';

export const reportRuns = pgTable(
  'report_runs',
  {
    siteId: text('site_id').notNull(),
    /** The site-local day whose daily time triggered the run (the mail covers the day before). */
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

export const reportConfigs = pgTable(
  'report_configs',
  {
    id: id(),
    orgId: orgId(),
    siteId: text('site_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    format: text('format').notNull(),
    email: boolean('email').notNull().default(false),
    zones: textArray('zones'),
    categories: textArray('categories'),
    headings: jsonb('headings').notNull().default([]),
    timeCreated: created(),
  },
  (t) => [index('report_configs_site_idx').on(t.siteId, t.name)],
);
