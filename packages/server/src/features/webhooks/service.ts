/**
 * Webhooks (docs/decisions/0031-webhooks.md): organization-wide, so managing them needs the
 * `webhooks` rights AND access to all sites (a webhook sees every site's changes). Reading needs
 * create, the right the console's Webhooks menu entry needs too. The signing secret is shown only
 * by create and rotate. Saving refuses a target that resolves to a forbidden address, and accepts
 * one whose host does not resolve yet (DNS set up after the webhook): every send checks again.
 */
import { randomBytes } from 'node:crypto';
import {
  type Action,
  WEBHOOK_MSG,
  WEBHOOK_REDELIVER_MSG,
  type WebhookInput,
  type WebhookListQuery,
} from '@sightline/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authorize, siteScope, type Verb } from '../../platform/access.js';
import { checkTarget } from '../../platform/address-guard.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';
import { sampleEpcisDocument } from '../epcis/webhook.js';
import { mapChange, sampleChange, WEBHOOK_CHANNEL } from './outbox.js';
import { presentDelivery, presentWebhook } from './presenter.js';
import * as repo from './repository.js';
import { contentTypeOf, isTrustedTarget, sendWebhook } from './send.js';

export interface WebhookDeps {
  db: Db;
  allowPrivate: boolean;
  timeoutMs: number;
  /** The demo's receiver URL (demo on): accepted as a target though it is on loopback. */
  trustedTarget?: string;
}

/** Reading webhooks needs the right to create them; the refusal says what was tried. */
function authorizeWebhooks(caller: Caller, action: Action, verb: Verb = action) {
  authorize(caller, 'webhooks', action, undefined, verb);
  if (siteScope(caller)) throw forbidden('Webhooks need access to all sites');
}

/** `whsec_` and the standard base64 of 32 random bytes: the Standard Webhooks secret form. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A target that resolves to a forbidden address is refused; an unresolved host is saved. */
async function checkUrl(deps: WebhookDeps, targetUrl: string) {
  if (isTrustedTarget(targetUrl, deps.trustedTarget)) return;
  const check = await checkTarget(targetUrl, deps.allowPrivate);
  if (check.ok || check.reason === 'unresolved') return;
  const message = WEBHOOK_MSG.targetUrlPrivate;
  throw badRequest(`targetUrl: ${message}`, [{ path: 'targetUrl', message }]);
}

export async function listWebhooks(db: Db, caller: Caller, query: WebhookListQuery) {
  authorizeWebhooks(caller, 'create', 'read');
  return repo.listWebhooks(db, caller.orgId, query);
}

async function requireWebhook(db: Db, caller: Caller, id: string) {
  const row = await repo.findWebhook(db, caller.orgId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function getWebhook(db: Db, caller: Caller, id: string) {
  authorizeWebhooks(caller, 'create', 'read');
  return presentWebhook(await requireWebhook(db, caller, id));
}

export async function createWebhook(deps: WebhookDeps, caller: Caller, input: WebhookInput) {
  authorizeWebhooks(caller, 'create');
  await checkUrl(deps, input.targetUrl);
  const secret = newWebhookSecret();
  const row = await repo.insertWebhook(deps.db, caller.orgId, input, secret);
  return { ...presentWebhook(row), secret };
}

export async function updateWebhook(deps: WebhookDeps, caller: Caller, id: string, input: WebhookInput) {
  authorizeWebhooks(caller, 'modify');
  await requireWebhook(deps.db, caller, id);
  await checkUrl(deps, input.targetUrl);
  const row = await repo.updateWebhook(deps.db, caller.orgId, id, input);
  if (!row) throw notFound('Webhook');
  return presentWebhook(row);
}

export async function deleteWebhook(db: Db, caller: Caller, id: string) {
  authorizeWebhooks(caller, 'delete');
  await requireWebhook(db, caller, id);
  const deleted = await db.transaction((tx) => repo.deleteWebhook(tx, caller.orgId, id));
  if (!deleted) throw notFound('Webhook');
}

/** 'Rotate secret': a new signing secret, shown once; the old one stops signing at once. */
export async function rotateSecret(db: Db, caller: Caller, id: string) {
  authorizeWebhooks(caller, 'modify');
  await requireWebhook(db, caller, id);
  const secret = newWebhookSecret();
  const row = await repo.setSecret(db, caller.orgId, id, secret);
  if (!row) throw notFound('Webhook');
  return { ...presentWebhook(row), secret };
}

export async function listDeliveries(db: Db, caller: Caller, id: string, limit: number) {
  authorizeWebhooks(caller, 'create', 'read');
  await requireWebhook(db, caller, id);
  return repo.listDeliveries(db, id, limit);
}

/**
 * 'Send test': the mapping applied to a sample change (for format `epcis`, an EPCISDocument of a
 * sample ObjectEvent), POSTed now (signed, same SSRF rules),
 * recorded in the delivery log as event `test`, and answered with that log entry.
 */
export async function sendTest(deps: WebhookDeps, caller: Caller, id: string) {
  authorizeWebhooks(caller, 'modify');
  const hook = await requireWebhook(deps.db, caller, id);
  // A sample of the webhook's event, named `test` in the body as in the x-sightline-event header.
  const presented = presentWebhook(hook);
  const change = { ...sampleChange(presented.event), event: 'test' as const };
  const body =
    presented.format === 'epcis'
      ? sampleEpcisDocument()
      : (mapChange(change, presented.fields) ?? { test: true });
  const raw = JSON.stringify(body);
  const attempt = await sendWebhook({
    targetUrl: hook.targetUrl,
    contentType: contentTypeOf(presented.format),
    headers: hook.requestHeaders as Record<string, string>,
    secret: hook.secret,
    legacySecret: hook.legacySecret,
    body: raw,
    event: 'test',
    deliveryId: `test-${randomToken(9)}`,
    timeoutMs: deps.timeoutMs,
    allowPrivate: deps.allowPrivate,
    trustedTarget: deps.trustedTarget,
  });
  const row = await repo.insertTestDelivery(deps.db, hook.id, body, attempt);
  const logged = await repo.insertAttempt(deps.db, hook.id, row.id, 1, raw, attempt);
  return presentDelivery(row, [logged]);
}

/**
 * 'Redeliver': a finished delivery (delivered or failed) is queued again as a new delivery with
 * the same event, payload and message id (`webhook-id`), behind the webhook's other deliveries.
 * A pending one is 400: it is still being tried; so is one whose earlier redelivery is still
 * queued (one copy of a message waits at a time). The drainer is woken on commit.
 */
export async function redeliver(db: Db, caller: Caller, id: string, deliveryId: string) {
  authorizeWebhooks(caller, 'modify');
  await requireWebhook(db, caller, id);
  const from = await repo.findDelivery(db, id, Number(deliveryId));
  if (!from) throw notFound('Delivery');
  if (!from.done) throw badRequest(WEBHOOK_REDELIVER_MSG.pending);
  const row = await db.transaction(async (tx) => {
    const queued = await repo.insertRedelivery(tx, id, from);
    if (!queued) throw badRequest(WEBHOOK_REDELIVER_MSG.queued);
    await tx.execute(sql`SELECT pg_notify(${WEBHOOK_CHANNEL}, ${id})`);
    return queued;
  });
  return presentDelivery(row);
}
