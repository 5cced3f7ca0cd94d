/** Data retention: each organization's policy, and deleted records whose history is still being removed. */
import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { orgId, ts } from './columns.js';

/** Migration 0021: the classes an organization has set, `{ class: days | null }`; the rest keep their default. */
export const retentionPolicies = pgTable('retention_policies', {
  orgId: text('org_id').primaryKey(),
  policy: jsonb('policy').notNull().default({}),
  timeModified: ts('time_modified').notNull().defaultNow(),
});

/** Migration 0021: an endpoint or organization already deleted whose rows the purge job removes in batches. */
export const retentionRemovals = pgTable(
  'retention_removals',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    orgId: orgId(),
    timeCreated: ts('time_created').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'retention_removals_pk', columns: [t.kind, t.id] })],
);
