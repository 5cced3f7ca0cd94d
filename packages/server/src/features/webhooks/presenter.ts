/**
 * Webhooks as the API presents them (the signing secret only in the answers that make one, added
 * by the service) and their delivery log: deliveries, each with its attempts.
 */
import type {
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvent,
  WebhookField,
  WebhookFormat,
} from '@sightline/shared';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../../db/rows.js';

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    format: row.format as WebhookFormat,
    targetUrl: row.targetUrl,
    requestHeaders: row.requestHeaders as Record<string, string>,
    fields: row.fields as WebhookField[],
    timeCreated: row.timeCreated.toISOString(),
  };
}

function presentAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    attempt: row.attempt,
    time: row.time.toISOString(),
    ok: row.ok,
    error: row.error,
    latencyMs: row.latencyMs,
    request: { headers: row.requestHeaders as Record<string, string>, body: row.requestBody },
    response:
      row.responseStatus === null
        ? null
        : {
            status: row.responseStatus,
            headers: (row.responseHeaders ?? {}) as Record<string, string>,
            excerpt: row.responseExcerpt ?? '',
          },
  };
}

/** A delivery with its attempts, oldest first. */
export function presentDelivery(
  row: WebhookDeliveryRow,
  attempts: WebhookAttemptRow[] = [],
): WebhookDelivery {
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
    attempts: attempts.map(presentAttempt),
  };
}
