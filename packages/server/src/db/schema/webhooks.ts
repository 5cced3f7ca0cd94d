import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { created, id, orgId, ts } from './columns.js';

export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    orgId: orgId(),
    event: text('event').notNull().default('seen'),
    format: text('format').notNull().default('json'),
    targetUrl: text('target_url').notNull(),
    requestHeaders: jsonb('request_headers').notNull().default({}),
    fields: jsonb('fields').notNull().default([]),
    secret: text('secret').notNull(),
    timeCreated: created(),
    /** The delivering instance's lease (migration 0006): one drainer per webhook across instances. */
    drainUntil: ts('drain_until'),
  },
  (t) => [index('webhooks_org_event_idx').on(t.orgId, t.event)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    firstAttemptAt: ts('first_attempt_at').notNull().defaultNow(),
    status: integer('status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    done: boolean('done').notNull().default(false),
    /** Migration 0006: the event name, the last attempt's error and time, given up after 24 h. */
    event: text('event').notNull().default(''),
    error: text('error'),
    lastAttemptAt: ts('last_attempt_at'),
    failed: boolean('failed').notNull().default(false),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.done, t.nextAttemptAt),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id.desc()),
  ],
);
