/** The daily report email's runs: one row per site and site-local day, claimed once (DESIGN §9). */
import { date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
