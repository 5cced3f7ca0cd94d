/**
 * Real deliveries to a loopback receiver, verified with the `standardwebhooks` package (not
 * Sightline's signer): the Standard Webhooks headers, the deprecated header beside them, a replay
 * past the tolerance refused; the delivery log's attempts; Redeliver; and the SSRF rules at save
 * and at send time.
 */
import { WEBHOOK_MSG, WEBHOOK_REDELIVER_MSG, type WebhookDelivery } from '@sightline/shared';
import { eq, sql } from 'drizzle-orm';
import { Webhook as StandardWebhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant, makeWebhook } from '../../../test/factories.js';
import { expectedSignature, type Received, startReceiver, until } from '../../../test/webhook-receiver.js';
import { webhooks } from '../../db/schema.js';
import { signingKey } from './send.js';

const settings = { queue: true, webhookAllowPrivate: true, webhookTimeoutMs: 2000, webhookRetryBaseMs: 400 };
const app = await makeApp({ ...settings, queuePollSeconds: 0.5 });
const strict = await makeApp({ webhookAllowPrivate: false, webhookTimeoutMs: 2000 });
const receiver = await startReceiver((req) => ({ status: req.path === '/fails' ? 500 : 200 }));
afterAll(() => receiver.close());

const headersOf = (r: Received) =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])) as Record<string, string>;

async function deliveriesOf(client: Awaited<ReturnType<typeof makeTenant>>['admin'], id: string) {
  const res = await client.request('GET', `/api/webhooks/${id}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json() as WebhookDelivery[];
}

describe('Standard Webhooks signing', () => {
  it('a real delivery verifies with the standardwebhooks package; a replay past its tolerance is refused', async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request('POST', '/api/webhooks', {
      event: 'created',
      targetUrl: receiver.url('/std'),
      fields: [{ localField: 'name', remoteFieldName: 'name' }],
    });
    expect(created.statusCode).toBe(200);
    const { id, secret } = created.json() as { id: string; secret: string };
    // whsec_ then standard base64 of 32 bytes
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await t.admin.request('POST', '/api/things', { name: 'Crate Ø', site: t.site.id });
    const [got] = await until(async () => receiver.on('/std').length > 0 && receiver.on('/std'));
    if (!got) throw new Error('nothing received');
    const headers = headersOf(got);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Number(headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);

    const verifier = new StandardWebhook(secret);
    expect(verifier.verify(got.raw, headers)).toEqual({ name: 'Crate Ø' });
    // The deprecated header still comes, keyed with the secret string.
    expect(headers['x-sightline-signature']).toBe(expectedSignature(secret, got.raw));
    // A tampered body, another secret, and a replay older than the tolerance (5 minutes) fail.
    expect(() => verifier.verify(got.raw.replace('Crate', 'Crane'), headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(got.raw, headers),
    ).toThrow(WebhookVerificationError);
    const sixMinutesLater = new Date((Number(headers['webhook-timestamp']) + 6 * 60) * 1000);
    const clock = Date.now;
    Date.now = () => sixMinutesLater.getTime();
    try {
      expect(() => verifier.verify(got.raw, headers)).toThrow(/too old/i);
    } finally {
      Date.now = clock;
    }

    const [delivery] = await deliveriesOf(t.admin, id);
    expect(headers['webhook-id']).toBe(delivery?.id);
  });

  it('a secret made before base64 secrets is migrated to the same key; the old header keeps the old string', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/legacy'),
    });
    const old = 'whsec_AbC-_dEf0123456789abcdefghijklmnopqrstuvwxy'; // base64url, no padding (43 chars)
    await app.ctx.db
      .update(webhooks)
      .set({ secret: old, legacySecret: null })
      .where(eq(webhooks.id, hook.id));
    // The statement of migration 0020, run again on this row.
    await app.ctx.db.execute(sql`UPDATE webhooks SET legacy_secret = secret,
        secret = 'whsec_' || translate(substr(secret, 7), '-_', '+/') || repeat('=', (4 - length(substr(secret, 7)) % 4) % 4)
      WHERE id = ${hook.id} AND secret LIKE 'whsec\\_%' AND (substr(secret, 7) ~ '[-_]' OR length(substr(secret, 7)) % 4 <> 0)`);
    const [row] = await app.ctx.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row?.secret).toBe('whsec_AbC+/dEf0123456789abcdefghijklmnopqrstuvwxy=');
    expect(row?.legacySecret).toBe(old);
    expect(signingKey(row?.secret ?? '')).toEqual(signingKey(old));
    await t.admin.request('POST', '/api/things', { name: 'Old', site: t.site.id });
    const [got] = await until(async () => receiver.on('/legacy').length > 0 && receiver.on('/legacy'));
    if (!got) throw new Error('nothing received');
    expect(new StandardWebhook(row?.secret ?? '').verify(got.raw, headersOf(got))).toBeTruthy();
    expect(got.headers['x-sightline-signature']).toBe(expectedSignature(old, got.raw));
  });
});

describe('the delivery log and Redeliver', () => {
  it('keeps every attempt with the request and the answer; Redeliver queues it again with the same message id', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/fails'),
      fields: [{ localField: 'name', remoteFieldName: 'name' }],
    });
    await t.admin.request('POST', '/api/things', { name: 'Retried', site: t.site.id });
    const [pending] = await until(async () => {
      const list = await deliveriesOf(t.admin, hook.id);
      return (list[0]?.attempts.length ?? 0) >= 2 && list;
    });
    if (!pending) throw new Error('no delivery');
    expect(pending.state).toBe('pending');
    const [first, second] = pending.attempts;
    expect(first).toMatchObject({ attempt: 1, ok: false, error: 'HTTP 500' });
    expect(first?.request.body).toBe('{"name":"Retried"}');
    expect(first?.request.headers['webhook-id']).toBe(pending.id);
    expect(first?.request.headers['content-type']).toBe('application/json');
    expect(first?.response).toMatchObject({ status: 500, excerpt: 'answer 500' });
    expect(first?.response?.headers['content-type']).toBe('text/plain');
    expect(second?.attempt).toBe(2);
    expect(second?.request.headers['webhook-id']).toBe(pending.id);

    // Still pending: 400. Once it is delivered, Redeliver queues a copy with the same webhook-id.
    const early = await t.admin.request(
      'POST',
      `/api/webhooks/${hook.id}/deliveries/${pending.id}/redeliver`,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(WEBHOOK_REDELIVER_MSG.pending);
    await app.ctx.db
      .update(webhooks)
      .set({ targetUrl: receiver.url('/fixed') })
      .where(eq(webhooks.id, hook.id));
    await until(async () => (await deliveriesOf(t.admin, hook.id))[0]?.state === 'delivered');
    const again = await t.admin.request(
      'POST',
      `/api/webhooks/${hook.id}/deliveries/${pending.id}/redeliver`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ state: 'pending', attempt: 0, attempts: [], event: 'created' });
    await until(async () => receiver.on('/fixed').length >= 2);
    const [firstFixed, redelivered] = receiver.on('/fixed');
    expect(redelivered?.raw).toBe('{"name":"Retried"}');
    expect(redelivered?.headers['webhook-id']).toBe(pending.id);
    expect(firstFixed?.headers['webhook-id']).toBe(pending.id);
  });

  it('Redeliver: 401 without a session, 403 without modify on webhooks, 404 for another organization or delivery, 400 for a bad id', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/ok'),
    });
    const test = await t.admin.request('POST', `/api/webhooks/${hook.id}/test`);
    expect(test.statusCode).toBe(200);
    const delivery = test.json() as WebhookDelivery;
    expect(delivery.attempts).toHaveLength(1);
    const url = `/api/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`;
    expect((await anonymous(app).request('POST', url)).statusCode).toBe(401);
    expect((await t.viewer.request('POST', url)).statusCode).toBe(403);
    const other = await makeTenant(app);
    expect((await other.admin.request('POST', url)).statusCode).toBe(404);
    const otherHook = await makeWebhook(app.ctx.db, other.org.id, { targetUrl: receiver.url('/ok') });
    expect(
      (await t.admin.request('POST', `/api/webhooks/${otherHook.id}/deliveries/${delivery.id}/redeliver`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.admin.request('POST', `/api/webhooks/${hook.id}/deliveries/999999999/redeliver`)).statusCode,
    ).toBe(404);
    expect(
      (await t.admin.request('POST', `/api/webhooks/${hook.id}/deliveries/abc/redeliver`)).statusCode,
    ).toBe(400);
    expect((await t.admin.request('POST', url)).statusCode).toBe(200);
  });

  it('Redeliver queues one copy of a message at a time, however many ask at once', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/ok'),
    });
    const delivery = (
      await t.admin.request('POST', `/api/webhooks/${hook.id}/test`)
    ).json() as WebhookDelivery;
    // The copy cannot be delivered (the host does not resolve), so it stays queued for its retries.
    await app.ctx.db
      .update(webhooks)
      .set({ targetUrl: 'https://hooks.not-yet-set-up.invalid/in' })
      .where(eq(webhooks.id, hook.id));
    const url = `/api/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`;
    const flood = await Promise.all(Array.from({ length: 20 }, () => t.admin.request('POST', url)));
    const codes = flood.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(19);
    expect(flood.find((r) => r.statusCode === 400)?.json().message).toBe(WEBHOOK_REDELIVER_MSG.queued);
    expect(await deliveriesOf(t.admin, hook.id)).toHaveLength(2);
  });
});

describe('target addresses', () => {
  it('saves a webhook whose host does not resolve yet; a private target is still refused', async () => {
    const t = await makeTenant(strict);
    const unresolved = await t.admin.request('POST', '/api/webhooks', {
      event: 'created',
      targetUrl: 'https://hooks.not-yet-set-up.invalid/in',
    });
    expect(unresolved.statusCode).toBe(200);
    const updated = await t.admin.request('PUT', `/api/webhooks/${unresolved.json().id}`, {
      event: 'created',
      targetUrl: 'https://other.not-yet-set-up.invalid/in',
    });
    expect(updated.statusCode).toBe(200);
    const loopback = await t.admin.request('POST', '/api/webhooks', {
      event: 'created',
      targetUrl: 'http://127.0.0.1:9/in',
    });
    expect(loopback.statusCode).toBe(400);
    // At send time the address is checked again: the unresolved host fails, nothing is sent.
    const sent = await t.admin.request('POST', `/api/webhooks/${unresolved.json().id}/test`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ state: 'failed', status: null });
    expect(sent.json().attempts[0]).toMatchObject({ ok: false, response: null });
    expect(sent.json().error).toBe(WEBHOOK_MSG.targetUrlUnresolved);
    // A name that resolves to loopback is refused when sending (the guarded lookup).
    await strict.ctx.db
      .update(webhooks)
      .set({ targetUrl: `http://localhost:${receiver.port}/ssrf` })
      .where(eq(webhooks.id, unresolved.json().id));
    const refused = await t.admin.request('POST', `/api/webhooks/${unresolved.json().id}/test`);
    expect(refused.json()).toMatchObject({ state: 'failed', status: null });
    expect(refused.json().error).toMatch(/private|loopback|refused|forbidden/i);
    expect(receiver.on('/ssrf')).toHaveLength(0);
  });
});
