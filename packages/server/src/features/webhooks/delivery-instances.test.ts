/**
 * Webhook delivery across restarts and instances: a delivery waiting for its retry
 * survives the server stopping (the next start delivers it), and with two instances on one
 * PostgreSQL every change is delivered once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { login, makeOrg, makeSite, makeUser, makeWebhook } from '../../../test/factories.js';
import { startReceiver, until } from '../../../test/webhook-receiver.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { webhookDeliveries } from '../../db/schema.js';

const settings = {
  queue: true,
  webhookAllowPrivate: true,
  webhookTimeoutMs: 2000,
  webhookRetryBaseMs: 3000,
  queuePollSeconds: 0.5,
};
const receiver = await startReceiver();
afterAll(() => receiver.close());

describe('webhook delivery across a restart', () => {
  it('delivers after a restart a change that was waiting for its retry', async () => {
    // PGlite in a data folder, or the test PostgreSQL: either way the queue outlives the process.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sightline-wh-'));
    const first = await buildApp(testConfig({ ...settings, dataDir }));
    await first.ready();
    const org = await makeOrg(first);
    const site = await makeSite(first, org.id);
    const user = await makeUser(first, org.id);
    const hook = await makeWebhook(first.ctx.db, org.id, {
      event: 'created',
      targetUrl: receiver.url('/restart'),
    });
    // A slow failure: the server stops while that delivery is still running, so the retry it
    // schedules must outlive the stop.
    receiver.setResponder((req) =>
      req.path === '/restart' ? { status: 500, delayMs: 800 } : { status: 200 },
    );
    const admin = await login(first, user.username);
    expect((await admin.request('POST', '/api/things', { name: 'Survivor', site: site.id })).statusCode).toBe(
      200,
    );
    await until(async () => receiver.on('/restart').length === 1);
    await first.close(); // while the first delivery still waits for its answer
    receiver.setResponder(() => ({ status: 200 }));

    const second = await buildApp(testConfig({ ...settings, dataDir }));
    await second.ready();
    try {
      const rows = await until(async () => {
        const found = await second.ctx.db.select().from(webhookDeliveries);
        const mine = found.filter((d) => d.webhookId === hook.id);
        return mine[0]?.done === true && mine;
      }, 30_000);
      expect(rows[0]).toMatchObject({ attempts: 2, status: 200, failed: false });
      expect(receiver.on('/restart').map((r) => r.body.name)).toEqual(['Survivor', 'Survivor']);
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('delivers every change once, in order', async () => {
    const a = await buildApp(testConfig({ ...settings, dataDir: 'memory' }));
    const b = await buildApp(testConfig({ ...settings, dataDir: 'memory' }));
    await Promise.all([a.ready(), b.ready()]);
    try {
      const org = await makeOrg(a);
      const site = await makeSite(a, org.id);
      const user = await makeUser(a, org.id);
      await makeWebhook(a.ctx.db, org.id, {
        event: 'created',
        targetUrl: receiver.url('/twice'),
        fields: [{ localField: 'name', remoteFieldName: 'n' }],
      });
      const viaA = await login(a, user.username);
      const viaB = await login(b, user.username);
      const names = Array.from({ length: 20 }, (_, i) => `T${String(i).padStart(2, '0')}`);
      for (const [i, name] of names.entries()) {
        const client = i % 2 ? viaB : viaA;
        expect((await client.request('POST', '/api/things', { name, site: site.id })).statusCode).toBe(200);
      }
      await until(async () => receiver.on('/twice').length >= names.length, 30_000);
      await new Promise((r) => setTimeout(r, 1500)); // a duplicate would arrive by now
      expect(receiver.on('/twice').map((r) => r.body.n)).toEqual(names);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);
});
