import { WebhookInput, type WebhookInputRaw } from '@sightline/shared';
import type { Tx } from '../../src/db/client.js';
import { insertWebhook } from '../../src/features/webhooks/repository.js';

/** A webhook written straight to the database (no SSRF check: tests point it at loopback receivers). */
export async function makeWebhook(db: Tx, orgId: string, overrides: Partial<WebhookInputRaw> = {}) {
  const input = WebhookInput.parse({ targetUrl: 'https://93.184.215.14/hook', ...overrides });
  const secret = `whsec_test_${Math.random().toString(36).slice(2)}`;
  const row = await insertWebhook(db, orgId, input, secret);
  return { id: row.id, secret };
}
