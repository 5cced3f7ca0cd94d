/**
 * The SSRF guard at send time, in a file of its own: this instance (default guard, no
 * WEBHOOK_ALLOW_PRIVATE) must be the only queue worker on the database, or another test's
 * permissive instance on the same PostgreSQL would deliver the webhook instead.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, makeTenant, makeWebhook } from '../../../test/factories.js';
import { startReceiver, until } from '../../../test/webhook-receiver.js';

const strict = await makeApp({
  queue: true,
  webhookAllowPrivate: false,
  webhookTimeoutMs: 2000,
  webhookRetryBaseMs: 400,
  queuePollSeconds: 0.5,
});
const receiver = await startReceiver();
afterAll(() => receiver.close());

async function deliveries(client: Awaited<ReturnType<typeof makeTenant>>['admin'], id: string) {
  const res = await client.request('GET', `/api/webhooks/${id}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json() as { state: string; attempt: number; status: number | null; error: string | null }[];
}

describe('webhook delivery, SSRF guard at send time', () => {
  it('refuses at send time a host that resolves to 127.0.0.1 (no WEBHOOK_ALLOW_PRIVATE)', async () => {
    // The webhook is written straight to the database, as if its host had resolved to a public
    // address at save time (DNS rebinding).
    const t = await makeTenant(strict);
    const hook = await makeWebhook(strict.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: `http://localhost:${receiver.port}/ssrf`,
    });
    expect(
      (await t.admin.request('POST', '/api/things', { name: 'Rebound', site: t.site.id })).statusCode,
    ).toBe(200);
    const [entry] = await until(async () => {
      const d = await deliveries(t.admin, hook.id);
      return (d[0]?.attempt ?? 0) >= 1 && d;
    });
    expect(entry).toMatchObject({ state: 'pending', status: null });
    expect(entry?.error).toMatch(/refused: localhost resolves to (127\.0\.0\.1|::1)/);
    expect(receiver.on('/ssrf')).toHaveLength(0);
    // 'Send test' is refused the same way.
    const test = await t.admin.request('POST', `/api/webhooks/${hook.id}/test`);
    expect(test.json()).toMatchObject({ state: 'failed', status: null });
    expect(receiver.on('/ssrf')).toHaveLength(0);
  }, 90_000);
});
