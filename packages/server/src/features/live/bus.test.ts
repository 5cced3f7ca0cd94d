/**
 * The PostgreSQL live bus (platform/live.ts): an instance delivers what it publishes to its own
 * subscribers in process and skips the echo of its NOTIFY; other instances get it once over
 * LISTEN/NOTIFY, in order.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgBus, type LiveMessage } from '../../platform/live.js';

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
});
