/**
 * The probes: `/healthz` answers while the process runs; `/readyz` answers 200 only
 * while the database answers and holds every migration this build ships, 503 otherwise.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePrivateApp } from '../../test/factories.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { rows } from '../db/client.js';

// Its own database: taking a migration's record away from the shared one would let another test
// file's server, starting meanwhile, apply that migration again.
const app = await makePrivateApp();

describe('probes', () => {
  it('/healthz and /readyz answer 200 on a migrated database, without a session', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz is 503 while the newest migration is missing, 200 again once it is applied', async () => {
    const { db } = app.ctx;
    const [newest] = await rows<{ id: number; hash: string; created_at: string | number }>(
      db,
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    if (!newest) throw new Error('no migration recorded');
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest.id}`);
    const pending = await app.inject({ method: 'GET', url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'migrations pending' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest.id}, ${newest.hash}, ${newest.created_at})`,
    );
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz is 503 when the database does not answer; /healthz still 200', async () => {
    const closed = await buildApp(testConfig({ dataDir: 'memory' }));
    // The live bus holds a pooled connection on PostgreSQL: closed first, or the pool waits for it.
    await closed.ctx.live.close();
    await closed.ctx.database.close();
    try {
      const ready = await closed.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unreachable' });
      expect((await closed.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // The database is closed already; the rest of the app closes as usual.
      await closed.close().catch(() => undefined);
    }
  }, 60_000);
});
