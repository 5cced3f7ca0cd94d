/**
 * Faults on the real services (one of the suites of docs/security.md, "Suites"), on PRIVATE
 * instances this file starts: PostgreSQL restarted (a crash) in the middle of a steady ingest, the
 * MQTT broker restarted, SMTP down. Run once by scripts/test.sh (vitest.faults.config.ts), not by
 * the API runs.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { sightings } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { startSmtp } from '../factories/smtp.factory.js';
import {
  makeApp,
  makeEndpoint,
  makeTenant,
  makeUser,
  readerHeaders,
  type TestEndpoint,
} from '../factories.js';
import { freePort, onCleanup, startMosquitto, startPostgres, stopAll, until } from './services.js';

const pg = await startPostgres();
afterAll(() => stopAll());
const figures: string[] = [];
afterAll(() => console.log(`fault suite: ${figures.join('; ')}`));

const stored = async (app: App, endpointId: string) => {
  const [row] = await app.ctx.db
    .select({ n: count() })
    .from(sightings)
    .where(eq(sightings.endpointId, endpointId));
  return Number(row?.n ?? 0);
};

/** A batch of distinct sightings (own tags and times), identical when sent again. */
function batch(n: number, k: number) {
  const base = Date.UTC(2026, 0, 1) + k * 1000;
  return Array.from({ length: n }, (_, i) => ({
    tag: `FA17${k.toString(16).padStart(6, '0')}${i.toString(16).padStart(6, '0')}`.toUpperCase(),
    time: new Date(base + i).toISOString(),
    rssi: -60,
  }));
}

/** A reader: sends each batch until it is acknowledged (2xx), as real readers retry. */
async function reader(
  app: App,
  endpoint: TestEndpoint,
  size: number,
  stats: { acknowledged: number; retries: number; stop: boolean },
) {
  for (let k = 0; !stats.stop; k++) {
    const payload = { sightings: batch(size, k) };
    for (;;) {
      const res = await app
        .inject({ method: 'POST', url: '/api/ingest/sightings', headers: readerHeaders(endpoint), payload })
        .catch(() => undefined);
      if (res && res.statusCode < 300) break;
      stats.retries++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stats.acknowledged += size;
  }
}

describe('PostgreSQL restarted in the middle of a steady ingest', () => {
  it('loses no acknowledged sighting, applies none twice, and recovers without a restart', async () => {
    const app = await makeApp({ databaseUrl: pg.url });
    // A second instance: its live bus must hear the first one again after the restart.
    const other = await makeApp({ databaseUrl: pg.url });
    const heard: string[] = [];
    other.ctx.live.subscribe((m) => heard.push(String(m.data)));
    const t = await makeTenant(app);
    const endpoint = await makeEndpoint(app.ctx.db, t.org.id, t.site.id);
    // A steady reader until a second after the database is back.
    const stats = { acknowledged: 0, retries: 0, stop: false };
    const ingest = reader(app, endpoint, 50, stats);
    await until(
      async () => stats.acknowledged,
      (n) => n >= 500,
    );
    await pg.stop('immediate');
    // Down for longer than the live bus's first reconnection try.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await pg.start();
    const atRestart = stats.acknowledged;
    await until(
      async () => stats.acknowledged,
      (n) => n >= atRestart + 500,
    );
    stats.stop = true;
    await ingest;
    expect(await stored(app, endpoint.id)).toBe(stats.acknowledged);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.admin.request('GET', '/api/users/me')).statusCode).toBe(200);
    expect(stats.retries).toBeGreaterThan(0);
    const live = await until(
      async () => {
        await app.ctx.live.publish([
          { type: 'notification', orgId: t.org.id, data: 'after restart', at: Date.now() },
        ]);
        return heard.includes('after restart');
      },
      (ok) => ok,
      15_000,
    );
    expect(live, 'the live bus of another instance hears this one again').toBe(true);
    await other.close();
    figures.push(
      `PostgreSQL crash mid-ingest: ${stats.acknowledged} sightings acknowledged and stored, ${stats.retries} retried requests`,
    );
  }, 90_000);
});

describe('MQTT broker restarted', () => {
  it('subscribes again and stores the QoS 1 messages published after the restart', async () => {
    const broker = await startMosquitto();
    const app = await makeApp({
      databaseUrl: pg.url,
      mqttUrl: broker.url,
      mqttShareGroup: `faults-${randomBytes(3).toString('hex')}`,
    });
    await app.ready();
    await app.mqtt?.ready;
    const t = await makeTenant(app);
    const endpoint = await makeEndpoint(app.ctx.db, t.org.id, t.site.id);
    const counted = await makeEndpoint(app.ctx.db, t.org.id, t.site.id);
    const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 200 });
    const publish = (k: number, to = endpoint) =>
      publisher.publishAsync(
        `sightline/${to.uuid}/sightings`,
        JSON.stringify({ key: to.key, sightings: batch(10, k) }),
        { qos: 1 },
      );
    await publish(0);
    expect(
      await until(
        () => stored(app, endpoint.id),
        (n) => n === 10,
      ),
    ).toBe(10);

    await broker.stop();
    await broker.start();
    // The server's client reconnects and subscribes again (its session was clean): wait for it.
    const subscribed = await until(
      async () => {
        await publish(1000 + (Date.now() % 1000)).catch(() => undefined);
        return stored(app, endpoint.id);
      },
      (n) => n > 10,
      20_000,
    );
    expect(subscribed).toBeGreaterThan(10);
    for (let k = 1; k <= 20; k++) await publish(k, counted);
    expect(
      await until(
        () => stored(app, counted.id),
        (n) => n === 200,
      ),
    ).toBe(200);
    await publisher.endAsync();
    await app.close();
    await broker.stop();
    figures.push('MQTT broker restart: subscriptions back, 200 QoS 1 sightings after it stored');
  }, 60_000);
});

describe('PostgreSQL down while MQTT messages arrive', () => {
  it('keeps each QoS 1 message until it is stored (acknowledged only then)', async () => {
    const broker = await startMosquitto();
    const app = await makeApp({
      databaseUrl: pg.url,
      mqttUrl: broker.url,
      mqttShareGroup: `faults-${randomBytes(3).toString('hex')}`,
    });
    await app.ready();
    await app.mqtt?.ready;
    const t = await makeTenant(app);
    const endpoint = await makeEndpoint(app.ctx.db, t.org.id, t.site.id);
    // Authenticated once, so the endpoint is known while the database is away.
    const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const publish = (k: number) =>
      publisher.publishAsync(
        `sightline/${endpoint.uuid}/sightings`,
        JSON.stringify({ key: endpoint.key, sightings: batch(10, k) }),
        { qos: 1 },
      );
    await publish(0);
    expect(
      await until(
        () => stored(app, endpoint.id),
        (n) => n === 10,
      ),
    ).toBe(10);
    await pg.stop('immediate');
    for (let k = 1; k <= 5; k++) await publish(k);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await pg.start();
    expect(
      await until(
        () => stored(app, endpoint.id).catch(() => 0),
        (n) => n === 60,
      ),
    ).toBe(60);
    await publisher.endAsync();
    await app.close();
    await broker.stop();
    figures.push('PostgreSQL down under MQTT ingest: 50 QoS 1 sightings sent meanwhile, all stored after');
  }, 60_000);
});

describe('the server killed in the middle of a batch', () => {
  it("applies a batch whole or not at all, and the reader's retry completes it once", async () => {
    const seed = await makeApp({ databaseUrl: pg.url });
    const t = await makeTenant(seed);
    const endpoint = await makeEndpoint(seed.ctx.db, t.org.id, t.site.id);
    const server = await startServer(pg.url);
    const post = (k: number) =>
      fetch(`${server.url}/api/ingest/sightings`, {
        method: 'POST',
        headers: { ...readerHeaders(endpoint), 'content-type': 'application/json' },
        body: JSON.stringify({ sightings: batch(5000, k) }),
      });
    // How long a 5000-sighting batch takes here, then one killed at half that.
    const started = Date.now();
    expect((await post(1)).status).toBe(200);
    const took = Date.now() - started;
    const killed = post(2).then(
      (res) => res.status,
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, took / 2));
    await server.kill();
    const answer = await killed;
    const afterKill = await stored(seed, endpoint.id);
    expect([5000, 10_000], `stored after the kill (answer: ${answer})`).toContain(afterKill);
    if (answer === 200) expect(afterKill).toBe(10_000);
    // The reader sends the unacknowledged batch again to a new server: stored once.
    const again = await startServer(pg.url);
    const retry = await fetch(`${again.url}/api/ingest/sightings`, {
      method: 'POST',
      headers: { ...readerHeaders(endpoint), 'content-type': 'application/json' },
      body: JSON.stringify({ sightings: batch(5000, 2) }),
    });
    expect(retry.status).toBe(200);
    expect(await stored(seed, endpoint.id)).toBe(10_000);
    await again.kill();
    await seed.close();
    figures.push(
      `server killed ${Math.round(took / 2)} ms into a 5000-sighting batch: ${afterKill - 5000} of it stored (${answer}), the retry completed it once`,
    );
  }, 90_000);
});

/** The real server (src/main.ts) as a child process on a free port. */
async function startServer(databaseUrl: string) {
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `sightline-faults-${port}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'false',
      JOBS: 'false',
      QUEUE: 'false',
      LOG_LEVEL: 'warn',
      MQTT_URL: '',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }).then(() => rm(dataDir, { recursive: true, force: true }));
  onCleanup(kill);
  const ready = await until(
    () =>
      fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200 || child.exitCode !== null || child.signalCode !== null,
    60_000,
  );
  if (ready !== 200) throw new Error(`the server did not start (exit ${child.exitCode})`);
  return { url, kill };
}

describe('SMTP down', () => {
  // Mail rides the pg-boss queue (platform/mail-queue.ts): a mail SMTP refuses is kept and retried.
  it('keeps a password-reset mail while SMTP is down and sends it once when it is back', async () => {
    const closed = await startSmtp();
    await closed.close(); // nothing listens on the port until the test starts SMTP there
    const app = await makeApp({
      databaseUrl: pg.url,
      smtpUrl: closed.url,
      queue: true,
      queuePollSeconds: 0.5,
      queueSchema: `pgboss_faults_${process.pid}`,
      mailRetrySeconds: 1,
    });
    await app.ready();
    const t = await makeTenant(app);
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/passwordresetrequest?email=${encodeURIComponent(user.username)}`,
    });
    expect(reset.statusCode).toBe(200);
    // Let the first attempts meet the closed port before SMTP comes up.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const smtp = await startSmtp(closed.port);
    try {
      const got = await until(
        async () => smtp.received.filter((m) => m.to.includes(user.username)).length,
        (n) => n > 0,
        20_000,
      );
      expect(got).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received.filter((m) => m.to.includes(user.username))).toHaveLength(1);
    } finally {
      await smtp.close();
      await app.close();
    }
    figures.push('SMTP down: the password-reset mail kept, sent once when SMTP was back');
  }, 60_000);
});
