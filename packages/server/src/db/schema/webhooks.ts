import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

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
    /**
     * Migration 0020: a secret made before secrets were standard base64, as its receiver holds it;
     * it keys the deprecated x-sightline-signature. Null: that header is keyed with `secret`.
     */
    legacySecret: text('legacy_secret'),
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
    /** Migration 0020: a redelivery's message id (`webhook-id`), the repeated delivery's; null: `id`. */
    messageId: text('message_id'),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.done, t.nextAttemptAt),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id.desc()),
  ],
);

/** Every attempt of a delivery (migration 0020), with bounded copies of the request and the answer. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    webhookId: text('webhook_id').notNull(),
    attempt: integer('attempt').notNull(),
    time: ts('time').notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    requestHeaders: jsonb('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [
    index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id),
    index('webhook_delivery_attempts_hook_idx').on(t.webhookId),
  ],
);
