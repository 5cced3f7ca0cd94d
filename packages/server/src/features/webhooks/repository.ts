import type {
  WEBHOOK_SORT_FIELDS,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookField,
  WebhookInput,
  WebhookListQuery,
} from '@sightline/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/rows.js';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';

export function toApi(row: WebhookRow): Webhook {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    format: 'json',
    targetUrl: row.targetUrl,
    requestHeaders: row.requestHeaders as Record<string, string>,
    fields: row.fields as WebhookField[],
    timeCreated: row.timeCreated.toISOString(),
  };
}

const listSpec: ListSpec<(typeof WEBHOOK_SORT_FIELDS)[number]> = {
  sortable: { event: webhooks.event, targetUrl: webhooks.targetUrl, timeCreated: webhooks.timeCreated },
  defaultSort: [asc(webhooks.timeCreated), asc(webhooks.id)],
  searchable: [webhooks.targetUrl, webhooks.event],
};

export function listWebhooks(db: Tx, orgId: string, query: WebhookListQuery) {
  const scope = query.event
    ? and(eq(webhooks.orgId, orgId), eq(webhooks.event, query.event))
    : eq(webhooks.orgId, orgId);
  return listPage(db, webhooks, scope, query, listSpec, toApi);
}

export async function findWebhook(db: Tx, orgId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)));
  return row;
}

const toRow = (input: WebhookInput) => ({
  event: input.event,
  format: input.format,
  targetUrl: input.targetUrl,
  requestHeaders: input.requestHeaders,
  fields: input.fields,
});

export async function insertWebhook(db: Tx, orgId: string, input: WebhookInput, secret: string) {
  const [row] = await db
    .insert(webhooks)
    .values({ id: newId(), orgId, secret, ...toRow(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateWebhook(db: Tx, orgId: string, id: string, input: WebhookInput) {
  const [row] = await db
    .update(webhooks)
    .set(toRow(input))
    .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)))
    .returning();
  return row;
}

export async function setSecret(db: Tx, orgId: string, id: string, secret: string) {
  const [row] = await db
    .update(webhooks)
    .set({ secret })
    .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)))
    .returning();
  return row;
}

/** Deletes the webhook and its delivery log (undelivered changes go with it). */
export async function deleteWebhook(db: Tx, orgId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.orgId, orgId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  if (!deleted.length) return false;
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
  return true;
}

export function deliveryToApi(row: WebhookDeliveryRow): WebhookDelivery {
  const state = !row.done ? 'pending' : row.failed ? 'failed' : 'delivered';
  return {
    id: String(row.id),
    event: row.event,
    state,
    time: (row.lastAttemptAt ?? row.firstAttemptAt).toISOString(),
    timeQueued: row.firstAttemptAt.toISOString(),
    status: row.status,
    error: row.error,
    latencyMs: row.latencyMs,
    attempt: row.attempts,
    nextAttempt: row.done ? null : row.nextAttemptAt.toISOString(),
    responseExcerpt: row.responseExcerpt,
  };
}

/** The newest deliveries first. */
export async function listDeliveries(db: Tx, webhookId: string, limit: number) {
  const found = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return found.map(deliveryToApi);
}

/** A delivery row for a test send, already attempted (it bypasses the queue and its order). */
export async function insertTestDelivery(
  db: Tx,
  webhookId: string,
  payload: unknown,
  attempt: {
    ok: boolean;
    status: number | null;
    error: string | null;
    latencyMs: number;
    responseExcerpt: string | null;
  },
) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId,
      event: 'test',
      payload,
      attempts: 1,
      done: true,
      failed: !attempt.ok,
      status: attempt.status,
      error: attempt.error,
      latencyMs: attempt.latencyMs,
      responseExcerpt: attempt.responseExcerpt,
      lastAttemptAt: sql`now()`,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
