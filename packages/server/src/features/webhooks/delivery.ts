/**
 * Webhook delivery (docs/decisions/0031-webhooks.md). pg-boss runs one `webhook-drain` job per webhook with
 * work waiting (queue policy `short`: at most one waiting job per webhook, so wake-ups coalesce);
 * the job drains that webhook's outbox rows strictly in id order. A failed attempt blocks the
 * rows behind it (order per webhook) and is tried again after an exponential backoff (base, 2x,
 * 4x … capped at 6 h, +0-25 % jitter) by a pg-boss job delayed to that time, until 24 h after its
 * first attempt, when it is marked failed and the next row goes; an attempt that can never succeed
 * (the request cannot be built from the stored webhook) is marked failed at once. A lease on the
 * webhook row (`drain_until`) keeps a second instance from draining the same webhook at once; a
 * crashed drainer's lease simply runs out, and the minute sweep wakes whatever is due. Every
 * attempt is kept in `webhook_delivery_attempts`; all attempts of a delivery carry the same
 * `webhook-id`.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../../db/client.js';
import { insertAttempt } from './repository.js';
import { type Attempt, contentTypeOf, sendWebhook } from './send.js';

export const DRAIN_QUEUE = 'webhook-drain';
export const SWEEP_QUEUE = 'webhook-sweep';
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

interface DeliverySettings {
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxAgeMs: number;
  allowPrivate: boolean;
  /** The demo receiver's URL, let through the guard (see send.ts). */
  trustedTarget?: string;
}

/** Delay before retry number `attempts` (1 = first retry). */
export function backoffMs(attempts: number, baseMs: number, random = Math.random()): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  return Math.round(plain * (1 + 0.25 * random));
}

interface Head {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  due: boolean;
  next_ms: number;
  age_ms: number;
  target_url: string;
  format: string;
  request_headers: Record<string, string>;
  secret: string;
  legacy_secret: string | null;
  message_id: string;
}

export interface Drainer {
  /** Drains one webhook's due deliveries; resolves when it is idle or waiting for a retry. */
  drain(webhookId: string): Promise<void>;
  /** Webhook ids with due deliveries and no live lease. */
  dueWebhooks(): Promise<string[]>;
}

export function createDrainer(
  db: Db,
  settings: DeliverySettings,
  schedule: (webhookId: string, at: Date) => Promise<void>,
  log?: FastifyBaseLogger,
): Drainer {
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 30;

  /** Takes or renews the lease; the token is the lease's end, compared on renew and release. */
  async function claim(webhookId: string, token: string | null): Promise<string | null> {
    const [row] = await rows<{ until: string }>(
      db,
      sql`UPDATE webhooks SET drain_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
          WHERE id = ${webhookId}
            AND (drain_until IS NULL OR drain_until < clock_timestamp()
                 OR drain_until::text = ${token ?? ''})
          RETURNING drain_until::text AS until`,
    );
    return row?.until ?? null;
  }

  async function release(webhookId: string, token: string) {
    await db.execute(
      sql`UPDATE webhooks SET drain_until = NULL WHERE id = ${webhookId} AND drain_until::text = ${token}`,
    );
  }

  async function head(webhookId: string): Promise<Head | undefined> {
    const [row] = await rows<Head>(
      db,
      sql`SELECT d.id::text AS id, d.event, d.payload, d.attempts,
            d.next_attempt_at <= clock_timestamp() AS due, (extract(epoch FROM d.next_attempt_at) * 1000)::float8 AS next_ms,
            (extract(epoch FROM clock_timestamp() - d.first_attempt_at) * 1000)::float8 AS age_ms,
            w.target_url, w.format, w.request_headers, w.secret, w.legacy_secret,
            COALESCE(d.message_id, d.id::text) AS message_id
          FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
          WHERE d.webhook_id = ${webhookId} AND NOT d.done
          ORDER BY d.id LIMIT 1`,
    );
    return row;
  }

  async function record(webhookId: string, h: Head, body: string, attempt: Attempt) {
    const attempts = h.attempts + 1;
    await insertAttempt(db, webhookId, Number(h.id), attempts, body, attempt);
    // A request that cannot be made (a stored header Node refuses) fails now: retrying it for a
    // day would hold back every delivery behind it.
    const giveUp =
      !attempt.ok && (attempt.permanent === true || h.age_ms + settings.timeoutMs >= settings.retryMaxAgeMs);
    const delay = attempt.ok || giveUp ? 0 : backoffMs(attempts, settings.retryBaseMs);
    await db.execute(sql`UPDATE webhook_deliveries SET
        attempts = ${attempts}, status = ${attempt.status}, error = ${attempt.error},
        latency_ms = ${attempt.latencyMs}, response_excerpt = ${attempt.responseExcerpt},
        last_attempt_at = clock_timestamp(), done = ${attempt.ok || giveUp}, failed = ${giveUp},
        next_attempt_at = clock_timestamp() + make_interval(secs => ${delay / 1000})
      WHERE id = ${h.id}::bigint`);
  }

  /** Delivers due rows in order; the time to come back, or null when the outbox is empty. */
  async function drainLeased(webhookId: string, lease: { token: string }): Promise<Date | null> {
    for (;;) {
      const h = await head(webhookId);
      if (!h) return null;
      if (!h.due) return new Date(Number(h.next_ms));
      const renewed = await claim(webhookId, lease.token);
      if (!renewed) return null; // lease lost (this instance stalled): the new holder goes on
      lease.token = renewed;
      const body = JSON.stringify(h.payload);
      const attempt = await sendWebhook({
        targetUrl: h.target_url,
        contentType: contentTypeOf(h.format),
        headers: h.request_headers,
        secret: h.secret,
        legacySecret: h.legacy_secret,
        body,
        event: h.event,
        deliveryId: h.message_id,
        timeoutMs: settings.timeoutMs,
        allowPrivate: settings.allowPrivate,
        trustedTarget: settings.trustedTarget,
      });
      await record(webhookId, h, body, attempt);
      if (!attempt.ok)
        log?.warn({ webhookId, delivery: h.id, error: attempt.error }, 'webhook delivery failed');
    }
  }

  return {
    async drain(webhookId) {
      for (;;) {
        const token = await claim(webhookId, null);
        if (!token) return; // another instance drains it, and re-checks after its release
        const lease = { token };
        let retryAt: Date | null;
        try {
          retryAt = await drainLeased(webhookId, lease);
        } finally {
          await release(webhookId, lease.token);
        }
        if (retryAt) {
          await schedule(webhookId, retryAt);
          return;
        }
        // A row committed while the lease was held may have woken a job that found it taken.
        const next = await head(webhookId);
        if (!next?.due) return;
      }
    },
    async dueWebhooks() {
      const found = await rows<{ id: string }>(
        db,
        sql`SELECT DISTINCT d.webhook_id AS id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE NOT d.done AND d.next_attempt_at <= clock_timestamp()
              AND (w.drain_until IS NULL OR w.drain_until < clock_timestamp())`,
      );
      return found.map((r) => r.id);
    },
  };
}
