/**
 * The PostgreSQL live bus (platform/live.ts): an instance delivers what it publishes to its own
 * subscribers in process and skips the echo of its NOTIFY; other instances get it once over
 * LISTEN/NOTIFY, in order; with no other instance listening, nothing is sent.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgBus, type LiveBus, type LiveMessage } from '../../platform/live.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('PostgreSQL live bus', () => {
  const pools = [
    new pg.Pool({ connectionString: databaseUrl }),
    new pg.Pool({ connectionString: databaseUrl }),
  ];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
  });

  it('delivers every message once to this instance and once to another, in order', async () => {
    const errors: Error[] = [];
    const [a, b] = await Promise.all(pools.map((p) => createPgBus(p, (err) => errors.push(err))));
    if (!a || !b) throw new Error('no bus');
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    a.subscribe((m) => onA.push(m.data));
    b.subscribe((m) => onB.push(m.data));
    const run = `${Date.now()}`;
    // Enough messages for several NOTIFY payloads (7.5 kB each).
    const messages: LiveMessage[] = Array.from({ length: 60 }, (_, i) => ({
      type: 'thing',
      orgId: 'o',
      siteId: 's',
      data: { run, i, name: 'x'.repeat(300) },
      at: 1,
    }));
    await a.publish(messages);
    const deadline = Date.now() + 5000;
    while (onB.length < messages.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200)); // an echo would have arrived by now
    const expected = messages.map((m) => m.data);
    expect(onA).toEqual(expected);
    expect(onB).toEqual(expected);
    expect(errors).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it("carries the workers a message names to another instance (each subscriber's presentation needs them)", async () => {
    const [a, b] = await Promise.all(pools.map((p) => createPgBus(p, () => undefined)));
    if (!a || !b) throw new Error('no bus');
    const onB: LiveMessage[] = [];
    const run = `w${Date.now()}`;
    b.subscribe((m) => (m.data as { run?: string }).run === run && onB.push(m));
    await a.publish([
      { type: 'zoneChange', orgId: 'o', siteId: 's', workers: ['w1'], data: { run }, at: 1 },
      { type: 'zoneChange', orgId: 'o', siteId: 's', data: { run }, at: 2 },
    ]);
    const deadline = Date.now() + 5000;
    while (onB.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(onB.map((m) => m.workers)).toEqual([['w1'], undefined]);
    await Promise.all([a.close(), b.close()]);
  });

  it('sends no NOTIFY while no other instance listens, and does once one does', async () => {
    // A database of its own: other test files' servers listen on the shared test database.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const name = `sightline_bus_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    const spy = new pg.Client({ connectionString: url.toString() }); // hears every NOTIFY, is no bus
    const buses: LiveBus[] = [];
    const open = async () => {
      const bus = await createPgBus(pool, (err) => {
        throw err;
      });
      buses.push(bus);
      return bus;
    };
    try {
      await spy.connect();
      const heard: string[] = [];
      spy.on('notification', (n) => heard.push(n.payload ?? ''));
      await spy.query('LISTEN sightline_live');
      const message = (i: number): LiveMessage => ({ type: 'thing', orgId: 'o', data: { i }, at: 1 });
      const a = await open();
      const onA: unknown[] = [];
      a.subscribe((m) => onA.push(m.data));
      await a.publish([message(1)]);
      await new Promise((r) => setTimeout(r, 300));
      expect(onA).toEqual([{ i: 1 }]); // delivered here, in process
      expect(heard).toEqual([]); // and nothing sent: no other instance
      const b = await open();
      const onB: unknown[] = [];
      b.subscribe((m) => onB.push(m.data));
      await a.publish([message(2)]);
      const deadline = Date.now() + 5000;
      // b and the spy are separate connections: each hears the NOTIFY in its own time.
      while ((onB.length < 1 || heard.length < 1) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(onB).toEqual([{ i: 2 }]);
      expect(onA).toEqual([{ i: 1 }, { i: 2 }]);
      expect(heard).toHaveLength(1);
      await b.close(); // b gone: a is alone again
      buses.splice(buses.indexOf(b), 1);
      await a.publish([message(3)]);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toHaveLength(1);
      expect(onA).toEqual([{ i: 1 }, { i: 2 }, { i: 3 }]);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
      await spy.end().catch(() => undefined);
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
