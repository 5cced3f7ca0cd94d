import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, rows } from './client.js';

const migrationCount = readdirSync(new URL('./migrations', import.meta.url)).filter((f) =>
  f.endsWith('.sql'),
).length;
const pgUrl = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  // Two starts on a PGlite data folder, each loading the folder and the first running every
  // migration: about 3 s of migrations plus the folder's load and save, over the default 30 s on a
  // busy machine, as the other PGlite migration test allows for.
  it('run at the first start and are a no-op at the second (PGlite data folder)', {
    timeout: 180_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sightline-mig-'));
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(
      sql`INSERT INTO organizations (id, name, subdomain) VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', 'Kept', 'kept')`,
    );
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const applied = await rows<{ n: number }>(
      second.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    const orgs = await rows<{ name: string }>(second.db, sql`SELECT name FROM organizations`);
    await second.close();
    expect(applied[0]?.n).toBe(migrationCount);
    expect(orgs.map((o) => o.name)).toEqual(['Kept']);
  });

  it.skipIf(!pgUrl)(
    'two servers starting together on one empty PostgreSQL both succeed, migrating once',
    async () => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const name = `sightline_mig_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(pgUrl ?? '');
      url.pathname = `/${name}`;
      try {
        const [a, b] = await Promise.all([
          openDatabase({ url: url.toString() }),
          openDatabase({ url: url.toString() }),
        ]);
        const applied = await rows<{ n: number }>(
          a.db,
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        );
        const tables = await rows<{ n: number }>(
          b.db,
          sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
        );
        await Promise.all([a.close(), b.close()]);
        expect(applied[0]?.n).toBe(migrationCount);
        expect(tables[0]?.n).toBeGreaterThan(20);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
