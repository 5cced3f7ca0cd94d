/**
 * Probes for load balancers and orchestrators (docs/decisions/0044-shutdown-and-probes.md). Both
 * are outside /api, public and cheap. `GET /healthz`: the process answers. `GET /readyz`: the
 * database answers and every migration this build ships has been applied; 503 while shutting down,
 * so traffic drains.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, rows } from '../db/client.js';
import type { App } from './context.js';

/** The `when` of the newest migration this build ships (drizzle stores it as `created_at`). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

export function registerHealthRoutes(app: App): void {
  const expected = newestMigration();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A request in flight when the shutdown began is answered with `Connection: close`: Node's
  // server.close() closes only the sockets idle at that moment and would wait out the keep-alive
  // timeout (5 s) of this one after its answer.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (closing) return reply.status(503).send({ status: 'shutting down' });
    try {
      const [row] = await rows<{ applied: string | number | null }>(
        app.ctx.db,
        sql`SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations`,
      );
      const applied = Number(row?.applied ?? 0);
      if (applied < expected) return reply.status(503).send({ status: 'migrations pending' });
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'readiness check: database unreachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
}
