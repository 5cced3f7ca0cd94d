/**
 * Webhook delivery end to end against a real HTTP receiver on loopback: the change's transaction
 * queues the delivery, pg-boss workers POST it signed, retry with backoff after a 500 or a
 * timeout, keep order per webhook, and the SSRF guard refuses at send time.
 */
import { WEBHOOK_SIGNATURE_HEADER } from '@sightline/shared';
import { afterAll, describe, expect, it } from 'vitest';
import {
  makeApp,
  makeTenant,
  makeThing,
  makeWebhook,
  makeZone,
  storeRawHeaders,
} from '../../../test/factories.js';
import { expectedSignature, startReceiver, until } from '../../../test/webhook-receiver.js';
import { backoffMs } from './delivery.js';

const settings = { queue: true, webhookAllowPrivate: true, webhookTimeoutMs: 2000, webhookRetryBaseMs: 400 };
const app = await makeApp({ ...settings, queuePollSeconds: 0.5 });
const receiver = await startReceiver();
afterAll(() => receiver.close());

async function deliveries(client: Awaited<ReturnType<typeof makeTenant>>['admin'], id: string) {
  const res = await client.request('GET', `/api/webhooks/${id}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    state: string;
    attempt: number;
    status: number | null;
    error: string | null;
    event: string;
  }[];
}

describe('webhook delivery', () => {
  it('sends the mapped, filtered, signed body of a created thing; a thing failing a filter is not sent', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/mapped'),
      requestHeaders: { Authorization: 'Bearer receiver-token' },
      fields: [
        { localField: 'name', remoteFieldName: 'assetName' },
        { localField: 'tags', remoteFieldName: 'epcs', filterPrefix: 'E280' },
        {
          localField: 'labels',
          remoteFieldName: 'labels',
          filterValidValues: ['fragile'],
          invertFilters: true,
        },
        { localField: 'customString', remoteFieldName: 'source', stringValue: 'sightline' },
        { localField: '_id', remoteFieldName: 'id' },
      ],
    });
    const made = await t.admin.request('POST', '/api/things', {
      name: 'Pallet 7',
      tags: ['E280AA01', 'ABC1'],
      labels: ['fragile', 'blue'],
      site: t.site.id,
    });
    expect(made.statusCode).toBe(200);
    const skipped = await t.admin.request('POST', '/api/things', {
      name: 'No EPC',
      tags: ['ABC2'],
      site: t.site.id,
    });
    expect(skipped.statusCode).toBe(200);

    const [got] = await until(async () => receiver.on('/mapped').length > 0 && receiver.on('/mapped'));
    expect(got?.body).toEqual({
      assetName: 'Pallet 7',
      epcs: ['E280AA01'],
      labels: ['blue'],
      source: 'sightline',
      id: made.json()._id,
    });
    expect(got?.headers.authorization).toBe('Bearer receiver-token');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-sightline-event']).toBe('created');
    expect(got?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(expectedSignature(hook.secret, got?.raw ?? ''));
    const log = await until(async () => {
      const d = await deliveries(t.admin, hook.id);
      return d[0]?.state === 'delivered' && d;
    });
    expect(log).toHaveLength(1); // the thing without an E280 tag was never queued
    expect(log[0]).toMatchObject({ event: 'created', status: 200, attempt: 1, error: null });
    expect(receiver.on('/mapped')).toHaveLength(1);
  });

  it('sends updated and deleted things, and zoneChange from a manual move (the tracking engine)', async () => {
    const t = await makeTenant(app);
    const zone = await makeZone(app.ctx.db, t.org.id, t.site.id, { name: 'Dock' });
    const thing = await makeThing(app.ctx.db, t.org.id, t.site.id, { name: 'Forklift' });
    await makeWebhook(app.ctx.db, t.org.id, { event: 'zoneChange', targetUrl: receiver.url('/zone') });
    await makeWebhook(app.ctx.db, t.org.id, { event: 'deleted', targetUrl: receiver.url('/deleted') });
    const moved = await t.admin.request('POST', '/api/event', { tag: thing.tag, zone: zone.id });
    expect(moved.statusCode).toBe(200);
    const [change] = await until(async () => receiver.on('/zone').length > 0 && receiver.on('/zone'));
    expect(change?.body).toMatchObject({
      event: 'zoneChange',
      _id: thing.id,
      name: 'Forklift',
      zone: zone.id,
      zoneName: 'Dock',
      tags: [thing.tag],
    });
    expect((await t.admin.request('DELETE', `/api/things/${thing.id}`)).statusCode).toBe(204);
    const [gone] = await until(async () => receiver.on('/deleted').length > 0 && receiver.on('/deleted'));
    expect(gone?.body).toMatchObject({ event: 'deleted', _id: thing.id });
  });

  it('retries after a 500 and after a timeout with a growing delay, then delivers', async () => {
    const t = await makeTenant(app);
    receiver.setResponder((req, nth) => {
      if (req.path === '/flaky' && nth === 1) return { status: 500 };
      if (req.path === '/flaky' && nth === 2) return { status: 200, delayMs: 4000 }; // beyond the 2 s timeout
      return { status: 200 };
    });
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/flaky'),
    });
    await t.admin.request('POST', '/api/things', { name: 'Retried', site: t.site.id });
    const log = await until(async () => {
      const d = await deliveries(t.admin, hook.id);
      return d[0]?.state === 'delivered' && d;
    });
    expect(log[0]).toMatchObject({ attempt: 3, status: 200, error: null });
    const times = receiver.on('/flaky').map((r) => r.at);
    expect(times).toHaveLength(3);
    const [a = 0, b = 0, c = 0] = times;
    expect(b - a).toBeGreaterThanOrEqual(400); // first retry after the base delay
    expect(c - b).toBeGreaterThanOrEqual(2000 + 800); // the timeout, then twice the base
    // Each attempt carries the same delivery id (the receiver can drop a duplicate).
    expect(new Set(receiver.on('/flaky').map((r) => r.headers['x-sightline-delivery'])).size).toBe(1);
    receiver.setResponder(() => ({ status: 200 }));
  });

  it('keeps order per webhook: a failing delivery holds back the ones behind it', async () => {
    const t = await makeTenant(app);
    receiver.setResponder((req, nth) => ({ status: req.path === '/order' && nth === 1 ? 503 : 200 }));
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/order'),
      fields: [{ localField: 'name', remoteFieldName: 'n' }],
    });
    for (const name of ['A', 'B', 'C', 'D'])
      await t.admin.request('POST', '/api/things', { name, site: t.site.id });
    await until(async () => {
      const d = await deliveries(t.admin, hook.id);
      return d.length === 4 && d.every((x) => x.state === 'delivered');
    });
    expect(receiver.on('/order').map((r) => r.body.n)).toEqual(['A', 'A', 'B', 'C', 'D']);
    receiver.setResponder(() => ({ status: 200 }));
  });

  it('fails a delivery whose request cannot be sent and lets the later ones go', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      event: 'created',
      targetUrl: receiver.url('/unsendable'),
      fields: [{ localField: 'name', remoteFieldName: 'n' }],
    });
    await storeRawHeaders(app.ctx.db, hook.id, { 'X-Team': 'ops \u2713' });
    for (const name of ['A', 'B']) await t.admin.request('POST', '/api/things', { name, site: t.site.id });
    const failed = await until(async () => {
      const d = await deliveries(t.admin, hook.id);
      return d.length === 2 && d.every((x) => x.state === 'failed') && d;
    });
    // A request that cannot be written now never will: no retry, and the queue moves on.
    for (const entry of failed) expect(entry).toMatchObject({ attempt: 1, status: null });
    expect(failed[0]?.error).toMatch(/header/i);
    await storeRawHeaders(app.ctx.db, hook.id, { 'X-Team': 'ops' });
    await t.admin.request('POST', '/api/things', { name: 'C', site: t.site.id });
    const log = await until(async () => {
      const d = await deliveries(t.admin, hook.id);
      return d[0]?.state === 'delivered' && d;
    });
    expect(log).toHaveLength(3);
    expect(receiver.on('/unsendable').map((r) => r.body.n)).toEqual(['C']);
  });

  it("'Send test' posts a signed sample now, as event test, and logs it", async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request('POST', '/api/webhooks', {
      event: 'deleted',
      targetUrl: receiver.url('/test'),
    });
    expect(created.statusCode).toBe(200);
    const { id, secret } = created.json();
    const res = await t.admin.request('POST', `/api/webhooks/${id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event: 'test', state: 'delivered', status: 200, attempt: 1 });
    const [got] = receiver.on('/test');
    // The default body names the event as the header does, whatever the webhook's own event.
    expect(got?.body).toMatchObject({ event: 'test', tag: 'E2801160600002', name: 'Sample item' });
    expect(got?.headers['x-sightline-event']).toBe('test');
    expect(got?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(expectedSignature(secret, got?.raw ?? ''));
    expect((await deliveries(t.admin, id))[0]).toMatchObject({
      event: 'test',
      responseExcerpt: 'answer 200',
    });
  });
});

describe('backoff', () => {
  it('starts within 30 s, doubles, and is capped at 6 h', () => {
    expect(backoffMs(1, 15_000, 1)).toBeLessThanOrEqual(30_000);
    expect(backoffMs(2, 15_000, 0)).toBe(30_000);
    expect(backoffMs(3, 15_000, 0)).toBe(60_000);
    expect(backoffMs(40, 15_000, 0)).toBe(6 * 3600 * 1000);
  });
});
