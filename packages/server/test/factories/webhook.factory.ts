import { randomBytes } from 'node:crypto';
import { WebhookInput, type WebhookInputRaw } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.js';
import { webhooks } from '../../src/db/schema.js';
import { insertWebhook } from '../../src/features/webhooks/repository.js';

/** A webhook written straight to the database (no SSRF check: tests point it at loopback receivers). */
export async function makeWebhook(db: Tx, orgId: string, overrides: Partial<WebhookInputRaw> = {}) {
  const input = WebhookInput.parse({ targetUrl: 'https://93.184.215.14/hook', ...overrides });
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const row = await insertWebhook(db, orgId, input, secret);
  return { id: row.id, secret };
}

/**
 * Overwrites a webhook's stored headers without any check, as a row written before today's rules
 * (or by hand) would hold them.
 */
export async function storeRawHeaders(db: Tx, webhookId: string, headers: Record<string, string>) {
  await db.update(webhooks).set({ requestHeaders: headers }).where(eq(webhooks.id, webhookId));
}
