import { bigserial, boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { orgId, ts } from './columns.js';

/**
 * The audit trail, one hash chain per organization (features/audit/chain.ts). A trigger refuses
 * UPDATE, DELETE and TRUNCATE but for the purge and the erasure (migration 0022).
 */
export const auditRows = pgTable(
  'audit_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    time: ts('time').notNull(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    siteId: text('site_id'),
    changes: jsonb('changes').$type<Record<string, unknown> | null>(),
    changesDigest: text('changes_digest').notNull(),
    erased: boolean('erased').notNull().default(false),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_rows_org_idx').on(t.orgId, t.id),
    index('audit_rows_org_time_idx').on(t.orgId, t.time),
    index('audit_rows_resource_idx').on(t.orgId, t.resourceId),
  ],
);
