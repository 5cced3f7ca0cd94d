import type { WEBHOOK_SORT_FIELDS, WebhookInput, WebhookListQuery } from '@sightline/shared';
import { WEBHOOK_ATTEMPT_LIMITS } from '@sightline/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../../db/rows.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhooks } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentDelivery, presentWebhook } from './presenter.js';
import type { Attempt } from './send.js';

const listSpec: ListSpec<(typeof WEBHOOK_SORT_FIELDS)[number]> = {
  sortable: { event: webhooks.event, targetUrl: webhooks.targetUrl, timeCreated: webhooks.timeCreated },
  defaultSort: [asc(webhooks.timeCreated), asc(webhooks.id)],
  searchable: [webhooks.targetUrl, webhooks.event],
};

export function listWebhooks(db: Tx, orgId: string, query: WebhookListQuery) {
  const scope = query.event
    ? and(eq(webhooks.orgId, orgId), eq(webhooks.event, query.event))
    : eq(webhooks.orgId, orgId);
  return listPage(db, webhooks, scope, query, listSpec, presentWebhook);
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

/** A new secret; the legacy one (of a secret made before base64 secrets) goes with the old. */
export async function setSecret(db: Tx, orgId: string, id: string, secret: string) {
  const [row] = await db
    .update(webhooks)
    .set({ secret, legacySecret: null })
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
  await db.delete(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.webhookId, id));
  return true;
}

/** Each delivery's attempts, oldest first. */
async function attemptsOf(db: Tx, deliveryIds: number[]) {
  const byDelivery = new Map<number, WebhookAttemptRow[]>();
  if (!deliveryIds.length) return byDelivery;
  const found = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookDeliveryAttempts.id));
  for (const a of found) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  return byDelivery;
}

/** The newest deliveries first, each with its attempts. */
export async function listDeliveries(db: Tx, webhookId: string, limit: number) {
  const found = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = await attemptsOf(
    db,
    found.map((d) => d.id),
  );
  return found.map((d) => presentDelivery(d, attempts.get(d.id)));
}

export async function findDelivery(db: Tx, webhookId: string, deliveryId: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)));
  return row;
}

/** Records one attempt, its copies of the request and the answer bounded. */
export async function insertAttempt(
  db: Tx,
  webhookId: string,
  deliveryId: number,
  attemptNo: number,
  body: string,
  attempt: Attempt,
) {
  const [row] = await db
    .insert(webhookDeliveryAttempts)
    .values({
      deliveryId,
      webhookId,
      attempt: attemptNo,
      ok: attempt.ok,
      error: attempt.error,
      latencyMs: attempt.latencyMs,
      requestHeaders: attempt.requestHeaders,
      requestBody: body.slice(0, WEBHOOK_ATTEMPT_LIMITS.requestBodyChars),
      responseStatus: attempt.status,
      responseHeaders: attempt.responseHeaders,
      responseExcerpt: attempt.responseExcerpt,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The message id (`webhook-id`) a delivery is sent with: a redelivery keeps the first one's. */
const messageIdOf = (delivery: WebhookDeliveryRow) => delivery.messageId ?? String(delivery.id);

/**
 * A new delivery of an earlier one's event and payload, queued behind the webhook's others; none
 * (undefined) while a copy of the same message is still queued. The webhook's row is locked first,
 * so two redeliveries at once queue one copy.
 */
export async function insertRedelivery(db: Tx, webhookId: string, from: WebhookDeliveryRow) {
  const messageId = messageIdOf(from);
  await db.execute(sql`SELECT 1 FROM webhooks WHERE id = ${webhookId} FOR UPDATE`);
  const [queued] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.messageId, messageId),
        eq(webhookDeliveries.done, false),
      ),
    )
    .limit(1);
  if (queued) return undefined;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ webhookId, event: from.event, payload: from.payload, messageId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
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
