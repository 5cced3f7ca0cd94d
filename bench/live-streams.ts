/**
 * Cost of rechecking open live streams (docs/decisions/0231-live-stream-revocation.md): an app on
 * PostgreSQL (BENCH_PG_URL; `--pglite` for the embedded database) with STREAMS open SSE streams
 * over SESSIONS sessions on SITES sites (and some API keys). Reports how long one recheck pass
 * takes (median and p95 of 40 passes) and how many statements the app sent per second while the
 * streams idled for 10 s (every query of its pool counted), against 10 s with none open.
 *
 *   npx tsx bench/live-streams.ts [--streams 1000] [--sessions 250] [--pglite]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { ROLE_IDS } from '@sightline/shared';
import { buildApp } from '../packages/server/src/app.js';
import { testConfig } from '../packages/server/src/config.js';
import { apiKeys, organizations, sites, users } from '../packages/server/src/db/schema.js';
import { sha256 } from '../packages/server/src/platform/crypto.js';
import { newId } from '../packages/server/src/platform/ids.js';
import { createSession } from '../packages/server/src/platform/sessions.js';
import { databaseUrl, dropDatabase, recreateDatabase } from './lib/setup.js';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    sessions: { type: 'string', default: '250' },
    pglite: { type: 'boolean', default: false },
  },
});
const STREAMS = Number(args.streams);
const SESSIONS = Number(args.sessions);
const KEYS = 10;
const SITES = 20;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = `${process.env.BENCH_DATABASE ?? 'sightline_bench'}_streams`;

if (!args.pglite) await recreateDatabase(PG_URL, DATABASE);
const app = await buildApp(
  testConfig({ dataDir: 'memory', databaseUrl: args.pglite ? undefined : databaseUrl(PG_URL, DATABASE) }),
);
const { db } = app.ctx;
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

const orgId = newId();
await db.insert(organizations).values({ id: orgId, name: 'Bench', subdomain: `bench-${orgId}` });
const siteIds = Array.from({ length: SITES }, () => newId());
await db.insert(sites).values(siteIds.map((id, i) => ({ id, orgId, name: `Site ${i}`, timezone: 'UTC' })));
const auths: string[] = [];
for (let i = 0; i < SESSIONS; i += 1) {
  const id = newId();
  await db.insert(users).values({
    id,
    orgId,
    name: `User ${i}`,
    username: `bench-${id}@example.com`,
    roles: [ROLE_IDS.viewer],
    sites: [siteIds[i % SITES] ?? ''],
  });
  auths.push(`cookie:sl_session=${await createSession(db, id)}`);
}
for (let i = 0; i < KEYS; i += 1) {
  const token = `bench-key-${newId()}`;
  await db.insert(apiKeys).values({
    id: newId(),
    orgId,
    name: `Key ${i}`,
    tokenHash: sha256(token),
    tokenPrefix: token.slice(0, 8),
    roles: [ROLE_IDS.viewer],
    sites: ['*'],
  });
  auths.push(`authorization:Bearer ${token}`);
}

/** Every statement the app sends from now on is counted (pool or embedded database). */
let statements = 0;
const target = (app.ctx.database.pool ?? app.ctx.database.pglite) as unknown as {
  query: (...a: unknown[]) => Promise<unknown>;
};
const query = target.query.bind(target);
target.query = (...a: unknown[]) => {
  statements += 1;
  return query(...a);
};
/** Statements per second over 10 s of the app doing nothing but keep its streams. */
async function statementsPerSecond(): Promise<number> {
  const before = statements;
  await new Promise((r) => setTimeout(r, 10_000));
  return (statements - before) / 10;
}

const idle = await statementsPerSecond();

const requests: http.ClientRequest[] = [];
let opened = 0;
for (let i = 0; i < STREAMS; i += 1) {
  const auth = auths[i % auths.length] ?? '';
  const [name = '', value = ''] = [auth.slice(0, auth.indexOf(':')), auth.slice(auth.indexOf(':') + 1)];
  const session = i % auths.length;
  const site = session < SESSIONS ? siteIds[session % SITES] : siteIds[i % SITES];
  await new Promise<void>((resolve, reject) => {
    const req = http.get(
      { port, host: '127.0.0.1', path: `/api/live?site=${site}`, headers: { [name]: value }, agent: false },
      (res) => {
        if (res.statusCode === 200) opened += 1;
        res.resume();
        resolve();
      },
    );
    req.on('error', reject);
    requests.push(req);
  });
}

const passes: number[] = [];
for (let i = 0; i < 40; i += 1) {
  const start = performance.now();
  await app.ctx.streams.recheck();
  passes.push(performance.now() - start);
}
passes.sort((a, b) => a - b);
const busy = await statementsPerSecond();
const still = app.ctx.streams.openCount();

console.log(
  JSON.stringify(
    {
      database: args.pglite ? 'PGlite' : 'PostgreSQL',
      streams: opened,
      stillOpenAfterPasses: still,
      credentials: auths.length,
      sites: SITES,
      passMedianMs: Number(passes[20]?.toFixed(2)),
      passP95Ms: Number(passes[37]?.toFixed(2)),
      statementsPerSecondNoStreams: idle,
      statementsPerSecondWithStreams: busy,
    },
    null,
    2,
  ),
);
for (const req of requests) req.destroy();
await app.close();
if (!args.pglite) await dropDatabase(PG_URL, DATABASE);
