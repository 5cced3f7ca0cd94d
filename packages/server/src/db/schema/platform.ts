import { pgTable, text } from 'drizzle-orm/pg-core';

import { ts } from './columns.js';

/** Scheduled jobs: the instance that claims a run (row update) does it, so each runs once. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at').notNull(),
});

/** Instance-wide secrets generated at first start (session secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
