/**
 * The base of every test: an app per file, and organizations, sites and users written directly to
 * the database, so tests never depend on one another or on order. The other factories build on these
 * and import them from here, never through the `test/factories.ts` index.
 */
import { ALL_SITES, CSRF_HEADER, CSRF_VALUE, ROLE_IDS } from '@sightline/shared';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { organizations, sites, users } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { hashPassword } from '../../src/platform/crypto.js';
import { newId } from '../../src/platform/ids.js';

export const PASSWORD = 'Correct-Horse-Battery-42';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

/** One app per test file, closed after the file's tests. */
export async function makeApp(overrides: Parameters<typeof testConfig>[0] = {}): Promise<App> {
  const app = await buildApp(testConfig({ dataDir: 'memory', ...overrides }));
  afterAll(() => app.close());
  return app;
}

/**
 * An app on a database of its own, for a file whose tests change what is the whole database's (the
 * recorded migrations, partitions, database-wide counts): the PostgreSQL test files share one
 * database, so such a file gets a new one, dropped after its tests. On PGlite every file's database
 * is its own already.
 */
export async function makePrivateApp(overrides: Parameters<typeof testConfig>[0] = {}): Promise<App> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return makeApp(overrides);
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  const name = `sightline_private_${process.pid}_${newId().slice(-10).toLowerCase()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const app = await buildApp(testConfig({ dataDir: 'memory', ...overrides, databaseUrl: url.toString() }));
  afterAll(async () => {
    await app.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return app;
}

const unique = () => newId().slice(-10);

export async function makeOrg(app: App, name = 'Org') {
  const id = newId();
  const suffix = unique();
  await app.ctx.db
    .insert(organizations)
    .values({ id, name: `${name} ${suffix}`, subdomain: `org-${suffix}` });
  return { id, subdomain: `org-${suffix}` };
}

export async function makeSite(app: App, orgId: string, name = 'Site') {
  const id = newId();
  await app.ctx.db.insert(sites).values({
    id,
    orgId,
    name: `${name} ${unique()}`,
    startDate: new Date('2024-01-01T00:00:00Z'),
    timezone: 'UTC',
  });
  return { id };
}

export type RoleName = keyof typeof ROLE_IDS;

export async function makeUser(
  app: App,
  orgId: string,
  opts: { role?: RoleName; sites?: string[]; name?: string; username?: string } = {},
) {
  const id = newId();
  const username = opts.username ?? `user-${unique()}@example.com`;
  await app.ctx.db.insert(users).values({
    id,
    orgId,
    name: opts.name ?? `User ${unique()}`,
    username,
    passwordHash: await hashed(),
    roles: [ROLE_IDS[opts.role ?? 'admin']],
    sites: opts.sites ?? [ALL_SITES],
  });
  return { id, username, password: PASSWORD };
}

/** A signed-in client: inject with the session cookie and the CSRF header. */
export interface Client {
  cookie: string;
  userId: string;
  username: string;
  request(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export async function login(app: App, username: string, password = PASSWORD, userId = ''): Promise<Client> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return clientWith(app, { cookie, userId, username });
}

export function clientWith(
  app: App,
  base: {
    cookie?: string;
    bearer?: string;
    userId?: string;
    username?: string;
    /**
     * The client's address, for the per-address sign-in limits. Default: an address of its own, so
     * failures counted for one test's client never reach another's (files share one PostgreSQL).
     */
    remoteAddress?: string;
  },
): Client {
  const remoteAddress = base.remoteAddress ?? randomIp();
  return {
    cookie: base.cookie ?? '',
    userId: base.userId ?? '',
    username: base.username ?? '',
    request: (method, url, body, headers = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        payload: body as object | undefined,
        remoteAddress,
        headers: {
          ...(base.cookie ? { cookie: base.cookie, [CSRF_HEADER]: CSRF_VALUE } : {}),
          ...(base.bearer ? { authorization: `Bearer ${base.bearer}` } : {}),
          ...headers,
        },
      }),
  };
}

export const anonymous = (app: App) => clientWith(app, {});

/** An organization with one site and a signed-in user per built-in role. */
export async function makeTenant(app: App) {
  const org = await makeOrg(app);
  const site = await makeSite(app, org.id);
  const clients = {} as Record<RoleName, Client>;
  for (const role of Object.keys(ROLE_IDS) as RoleName[]) {
    if (role === 'superAdmin') continue;
    const user = await makeUser(app, org.id, { role });
    clients[role] = await login(app, user.username, PASSWORD, user.id);
  }
  return { org, site, ...clients } as { org: typeof org; site: typeof site } & Omit<
    Record<RoleName, Client>,
    'superAdmin'
  >;
}

export async function makeSuperAdmin(app: App, orgId: string) {
  const user = await makeUser(app, orgId, { role: 'superAdmin' });
  return login(app, user.username, PASSWORD, user.id);
}

export function randomIp(): string {
  const b = () => Math.floor(Math.random() * 250) + 1;
  return `10.${b()}.${b()}.${b()}`;
}
