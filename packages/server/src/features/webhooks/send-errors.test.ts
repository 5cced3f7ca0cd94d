/**
 * A send that cannot even start (a header Node refuses to write, stored before today's checks or by
 * hand) is a failed attempt like any other: 'Send test' logs it, never answers 5xx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, makeTenant, makeWebhook, storeRawHeaders } from '../../../test/factories.js';
import { startReceiver } from '../../../test/webhook-receiver.js';
import { sendWebhook } from './send.js';

const app = await makeApp({ webhookAllowPrivate: true, webhookTimeoutMs: 2000 });
const receiver = await startReceiver();
afterAll(() => receiver.close());

describe('webhook send errors', () => {
  it.each([
    ['a non-Latin-1 value', { 'X-Team': 'ops \u2713' }],
    ['a line break in a value', { 'X-Team': 'ops\r\nX-Injected: 1' }],
    ['a name that is not a token', { 'X Team': 'ops' }],
  ])("'Send test' with a stored header holding %s logs a failed delivery", async (_, headers) => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, { targetUrl: receiver.url('/bad-header') });
    await storeRawHeaders(app.ctx.db, hook.id, headers);
    const res = await t.admin.request('POST', `/api/webhooks/${hook.id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event: 'test', state: 'failed', status: null, attempt: 1 });
    expect(res.json().error).toMatch(/header/i);
    expect(receiver.on('/bad-header')).toHaveLength(0);
  });

  it('resolves, never rejects, whatever the request holds', async () => {
    const attempt = await sendWebhook({
      contentType: 'application/json',
      targetUrl: receiver.url('/never'),
      headers: { 'X-A': '\u0000' },
      secret: 's',
      body: '{}',
      event: 'test',
      deliveryId: '1',
      timeoutMs: 1000,
      allowPrivate: true,
    });
    expect(attempt).toMatchObject({ ok: false, status: null, permanent: true });
    // An error thrown while Node builds the request is a failed attempt too.
    const thrown = await sendWebhook({
      contentType: 'application/json',
      targetUrl: receiver.url('/never'),
      headers: {},
      secret: 's',
      body: '{}',
      event: 'bad\r\nevent',
      deliveryId: '2',
      timeoutMs: 1000,
      allowPrivate: true,
    });
    expect(thrown).toMatchObject({ ok: false, status: null, permanent: true });
    expect(thrown.error).toMatch(/^request not sent: /);
    expect(receiver.on('/never')).toHaveLength(0);
  });
});
