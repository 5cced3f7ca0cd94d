/**
 * The address guard at send time ('Send test', no WEBHOOK_ALLOW_PRIVATE) for webhooks written
 * straight to the database, as if their address had passed an older check: loopback spelt as an
 * IPv4-compatible, SIIT or 6to4 address, and this host's own interface address, are refused
 * before any connection is made.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, makeTenant, makeWebhook } from '../../../test/factories.js';
import { startReceiver } from '../../../test/webhook-receiver.js';

const strict = await makeApp({ webhookAllowPrivate: false, webhookTimeoutMs: 2000 });
const loopback = await startReceiver();
/** An address of this host that is not loopback (a machine's eth0), if it has one. */
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
const own = ownAddress ? await startReceiver(undefined, ownAddress) : undefined;
afterAll(async () => {
  await loopback.close();
  await own?.close();
});

async function sendTest(targetUrl: string) {
  const t = await makeTenant(strict);
  const hook = await makeWebhook(strict.ctx.db, t.org.id, { targetUrl });
  const res = await t.admin.request('POST', `/api/webhooks/${hook.id}/test`);
  expect(res.statusCode).toBe(200);
  return res.json() as { state: string; status: number | null; error: string | null };
}

describe('webhook send time, embedded and own addresses', () => {
  it.each([
    ['IPv4-compatible', '[::127.0.0.1]'],
    ['SIIT', '[::ffff:0:7f00:1]'],
    ['6to4', '[2002:7f00:1::1]'],
    ['NAT64 local-use', '[64:ff9b:1::7f00:1]'],
  ])('refuses loopback as a %s address', async (_, host) => {
    const entry = await sendTest(`http://${host}:${loopback.port}/embedded`);
    expect(entry).toMatchObject({ state: 'failed', status: null });
    expect(entry.error).toMatch(/^refused: .* is a private address$/);
    expect(loopback.on('/embedded')).toHaveLength(0);
  });

  it.runIf(own)("refuses this host's own interface address", async () => {
    const entry = await sendTest(own?.url('/own') ?? '');
    expect(entry).toMatchObject({ state: 'failed', status: null });
    expect(entry.error).toMatch(/^refused: /);
    expect(own?.on('/own')).toHaveLength(0);
  });
});
