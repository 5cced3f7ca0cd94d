/**
 * Webhooks (docs/decisions/0031-webhooks.md): organization-wide, so managing them needs the
 * `webhooks` rights AND access to all sites (a webhook sees every site's changes). Reading needs
 * create, the right the console's Webhooks menu entry needs too. The signing secret is shown only
 * by create and rotate.
 */
import { type Action, WEBHOOK_MSG, type WebhookInput, type WebhookListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, siteScope } from '../../platform/access.js';
import { checkTarget } from '../../platform/address-guard.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';
import { mapChange, sampleChange } from './outbox.js';
import * as repo from './repository.js';
import { isTrustedTarget, sendWebhook } from './send.js';

export interface WebhookDeps {
  db: Db;
  allowPrivate: boolean;
  timeoutMs: number;
  /** The demo's receiver URL (demo on): accepted as a target though it is on loopback. */
  trustedTarget?: string;
}

function authorizeWebhooks(caller: Caller, action: Action) {
  authorize(caller, 'webhooks', action);
  if (siteScope(caller)) throw forbidden('Webhooks need access to all sites');
}

const newSecret = () => `whsec_${randomToken(32)}`;

async function checkUrl(deps: WebhookDeps, targetUrl: string) {
  if (isTrustedTarget(targetUrl, deps.trustedTarget)) return;
  const check = await checkTarget(targetUrl, deps.allowPrivate);
  if (check.ok) return;
  const message = check.reason === 'private' ? WEBHOOK_MSG.targetUrlPrivate : WEBHOOK_MSG.targetUrlUnresolved;
  throw badRequest(`targetUrl: ${message}`, [{ path: 'targetUrl', message }]);
}

export async function listWebhooks(db: Db, caller: Caller, query: WebhookListQuery) {
  authorizeWebhooks(caller, 'create');
  return repo.listWebhooks(db, caller.orgId, query);
}

async function requireWebhook(db: Db, caller: Caller, id: string) {
  const row = await repo.findWebhook(db, caller.orgId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function getWebhook(db: Db, caller: Caller, id: string) {
  authorizeWebhooks(caller, 'create');
  return repo.toApi(await requireWebhook(db, caller, id));
}

export async function createWebhook(deps: WebhookDeps, caller: Caller, input: WebhookInput) {
  authorizeWebhooks(caller, 'create');
  await checkUrl(deps, input.targetUrl);
  const secret = newSecret();
  const row = await repo.insertWebhook(deps.db, caller.orgId, input, secret);
  return { ...repo.toApi(row), secret };
}

export async function updateWebhook(deps: WebhookDeps, caller: Caller, id: string, input: WebhookInput) {
  authorizeWebhooks(caller, 'modify');
  await requireWebhook(deps.db, caller, id);
  await checkUrl(deps, input.targetUrl);
  const row = await repo.updateWebhook(deps.db, caller.orgId, id, input);
  if (!row) throw notFound('Webhook');
  return repo.toApi(row);
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
  const secret = newSecret();
  const row = await repo.setSecret(db, caller.orgId, id, secret);
  if (!row) throw notFound('Webhook');
  return { ...repo.toApi(row), secret };
}

export async function listDeliveries(db: Db, caller: Caller, id: string, limit: number) {
  authorizeWebhooks(caller, 'create');
  await requireWebhook(db, caller, id);
  return repo.listDeliveries(db, id, limit);
}

/**
 * 'Send test': the mapping applied to a sample change, POSTed now (signed, same SSRF rules),
 * recorded in the delivery log as event `test`, and answered with that log entry.
 */
export async function sendTest(deps: WebhookDeps, caller: Caller, id: string) {
  authorizeWebhooks(caller, 'modify');
  const hook = await requireWebhook(deps.db, caller, id);
  const change = sampleChange(repo.toApi(hook).event);
  const body = mapChange(change, repo.toApi(hook).fields) ?? { test: true };
  const raw = JSON.stringify(body);
  const attempt = await sendWebhook({
    targetUrl: hook.targetUrl,
    headers: hook.requestHeaders as Record<string, string>,
    secret: hook.secret,
    body: raw,
    event: 'test',
    deliveryId: `test-${randomToken(9)}`,
    timeoutMs: deps.timeoutMs,
    allowPrivate: deps.allowPrivate,
    trustedTarget: deps.trustedTarget,
  });
  const row = await repo.insertTestDelivery(deps.db, hook.id, body, attempt);
  return repo.deliveryToApi(row);
}
