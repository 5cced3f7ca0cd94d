/**
 * Filter regexes are written by users and run on every change a webhook sees: they must take time
 * linear in the value's length whatever the pattern, and a pattern that cannot be run that way is
 * refused when the webhook is saved.
 */
import { WEBHOOK_MSG, type WebhookField } from '@sightline/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, makeTenant, makeWebhook } from '../../../test/factories.js';
import { startReceiver } from '../../../test/webhook-receiver.js';
import { sampleChange } from './outbox.js';
import { mapChange } from './payload.js';

const app = await makeApp({ webhookAllowPrivate: true, webhookTimeoutMs: 2000 });
const receiver = await startReceiver();
afterAll(() => receiver.close());

/** Time a backtracking engine spends is exponential in the value's length; this one's is not. */
const LINEAR_BUDGET_MS = 250;

const labelFilter = (filterRegex: string): WebhookField => ({
  localField: 'labels',
  remoteFieldName: 'labels',
  stringValue: '',
  invertFilters: false,
  filterPrefix: '',
  filterSuffix: '',
  filterRegex,
  filterValidValues: [],
});

function timedMap(filterRegex: string, label: string) {
  const sample = sampleChange('created');
  const change = { ...sample, thing: sample.thing && { ...sample.thing, labels: [label, 'aaa'] } };
  const started = performance.now();
  const body = mapChange(change, [labelFilter(filterRegex)]);
  return { body, ms: performance.now() - started };
}

describe('webhook filter regexes', () => {
  it('runs catastrophic-backtracking patterns in linear time', () => {
    // 24 characters: seconds for a backtracking engine, twice that for each one more.
    const short = timedMap('^(a|a)*$', `${'a'.repeat(24)}!`);
    expect(short.ms).toBeLessThan(LINEAR_BUDGET_MS);
    expect(short.body).toEqual({ labels: ['aaa'] });
    for (const pattern of [
      '^(a|a)*$',
      '(a+)+$',
      '^(([a-z])+.)+[A-Z]([a-z])+$',
      '(x+x+)+y',
      '^((\\w*)*)*Z$',
    ]) {
      const long = timedMap(pattern, `${'a'.repeat(990)}!`);
      expect(long.ms, pattern).toBeLessThan(LINEAR_BUDGET_MS);
    }
  });

  it("answers 'Send test' at once with a filter that backtracks for seconds on the sample", async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id, {
      targetUrl: receiver.url('/regex'),
      fields: [{ localField: 'tags', remoteFieldName: 'epcs', filterRegex: '^(\\w|\\d|[0-9A-F]|.)*Z$' }],
    });
    const started = performance.now();
    const res = await t.admin.request('POST', `/api/webhooks/${hook.id}/test`);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'delivered', status: 200 });
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    ['a backreference', '(a)\\1', WEBHOOK_MSG.regexUnsupported],
    ['a lookahead', '(?=E280)\\w+', WEBHOOK_MSG.regexUnsupported],
    ['a lookbehind', '(?<=E2)80', WEBHOOK_MSG.regexUnsupported],
    ['a pattern too large to run quickly', '[\\p{L}\\p{N}]{300}', WEBHOOK_MSG.regexTooComplex],
    ['nested counted repeats', '((\\w{100}){10}){10}', WEBHOOK_MSG.regexTooComplex],
  ])('refuses %s at save with a 400 and stores nothing', async (_, filterRegex, message) => {
    const t = await makeTenant(app);
    const res = await t.admin.request('POST', '/api/webhooks', {
      targetUrl: receiver.url('/regex'),
      fields: [{ localField: 'tags', remoteFieldName: 'epcs', filterRegex }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await t.admin.request('GET', '/api/webhooks')).json()).toEqual([]);
  });

  it('accepts and applies ordinary EPC patterns', async () => {
    const t = await makeTenant(app);
    const res = await t.admin.request('POST', '/api/webhooks', {
      targetUrl: receiver.url('/regex-ok'),
      fields: [{ localField: 'tags', remoteFieldName: 'epcs', filterRegex: '^E280[0-9A-F]{10}$' }],
    });
    expect(res.statusCode).toBe(200);
    const sent = await t.admin.request('POST', `/api/webhooks/${res.json().id}/test`);
    expect(sent.json()).toMatchObject({ state: 'delivered' });
    expect(receiver.on('/regex-ok')[0]?.body).toEqual({ epcs: ['E2801160600002'] });
  });
});
