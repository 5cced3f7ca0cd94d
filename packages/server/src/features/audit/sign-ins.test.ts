/**
 * Sign-in rows beyond the password's: a refused second-factor code, a refused sign-in of an
 * unknown account (no user id, the name tried, in the host's organization), single sign-on
 * sign-ins and refusals, and what an organization's deletion does to its chain.
 */
import type { AuditRow } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieOf, journey, linkByPassword, oktaTenant } from '../../../test/factories/sso.factory.js';
import {
  login,
  makeApp,
  makeOrg,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  PASSWORD,
  randomIp,
} from '../../../test/factories.js';
import type { TestProvider } from '../../../test/oidc-provider.js';
import { rows } from '../../db/client.js';
import { SSO_ERRORS } from '../sso/service.js';
import { codeAt } from '../totp/codes.js';

const app = await makeApp({ ssoAllowPrivate: true });
const { db } = app.ctx;
const providers: TestProvider[] = [];
afterAll(() => Promise.all(providers.map((p) => p.close())));

type Client = Awaited<ReturnType<typeof login>>;
const auditOf = async (client: Client, q = '') =>
  (await client.request('GET', `/api/audit?limit=1000${q}`)).json() as AuditRow[];

const post = (url: string, payload: object, host?: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: randomIp(), headers: host ? { host } : {} });

describe('sign-in rows', () => {
  it('records a refused second-factor code for the account, then the sign-in', async () => {
    const t = await makeTenant(app);
    const u = await makeUser(app, t.org.id, { role: 'viewer' });
    const client = await login(app, u.username, PASSWORD, u.id);
    const setup = (await client.request('POST', '/api/users/me/totp/setup')).json();
    expect(
      (await client.request('POST', '/api/users/me/totp/enable', { code: codeAt(setup.secret) })).statusCode,
    ).toBe(200);
    const first = await post('/api/auth/login', { username: u.username, password: PASSWORD });
    const { pendingToken } = first.json();
    expect((await post('/api/auth/totp', { pendingToken, code: '000000' })).statusCode).toBe(401);
    const ok = await post('/api/auth/totp', {
      pendingToken,
      code: codeAt(setup.secret, Date.now() + 30_000),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const mine = await auditOf(t.admin, `&actor=${u.id}&action=login-failed`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      resourceId: u.id,
      changes: { method: 'totp', reason: expect.any(String) },
    });
    expect(JSON.stringify(mine)).not.toContain('000000');
    const logins = await auditOf(t.admin, `&actor=${u.id}&action=login`);
    expect(logins.map((r) => r.changes)).toContainEqual({ method: 'totp' });
  });

  it('records a refused sign-in of an unknown account under the name tried, in the host’s organization', async () => {
    const t = await makeTenant(app);
    const host = `${t.org.subdomain}.sightline.example`;
    const name = `nobody-${Date.now()}@example.com`;
    const res = await post('/api/auth/login', { username: name, password: 'Secret-guess-1' }, host);
    expect(res.statusCode).toBe(401);
    const found = (await auditOf(t.admin, '&action=login-failed')).filter((r) => r.actor.name === name);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      actor: { type: 'user', id: null, name },
      resource: 'users',
      resourceId: null,
      changes: { username: name, method: 'password', reason: expect.any(String) },
    });
    expect(JSON.stringify(found)).not.toContain('Secret-guess-1');
    // Another organization's admin does not see it.
    const other = await makeTenant(app);
    expect((await auditOf(other.admin)).some((r) => r.actor.name === name)).toBe(false);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/audit/verify', headers: { cookie: t.admin.cookie } })
      ).json(),
    ).toMatchObject({ ok: true });
  });

  it('records single sign-on sign-ins and refusals', async () => {
    const t = await oktaTenant(app, providers);
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    await linkByPassword(app, 'okta', t.host, user.username, user.username);
    const res = await journey(app, 'okta', t.host, user.username);
    expect(cookieOf(res, 'sl_session')).toBeTruthy();
    const unknown = await journey(app, 'okta', t.host, 'stranger@example.com');
    expect(cookieOf(unknown, 'sl_session')).toBeUndefined();
    const rowsNow = await auditOf(t.admin);
    expect(
      rowsNow.filter((r) => r.actor.id === user.id && r.action === 'login').map((r) => r.changes),
    ).toContainEqual({
      method: 'okta',
    });
    const refused = rowsNow.filter(
      (r) => r.action === 'login-failed' && r.actor.name === 'stranger@example.com',
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      actor: { id: null },
      changes: { method: 'okta', reason: SSO_ERRORS.unknownUser },
    });
  });
});

describe('deleting an organization', () => {
  it('deletes its chain and records how many rows went and the chain’s last hash in the deleter’s chain', async () => {
    const home = await makeTenant(app);
    const superAdmin = await makeSuperAdmin(app, home.org.id);
    const doomed = await makeOrg(app, 'Doomed');
    const admin = await login(app, (await makeUser(app, doomed.id, { role: 'admin' })).username);
    await admin.request('POST', '/api/zones', { name: 'x' }); // a refusal or a row: either way rows exist
    await admin.request('POST', '/api/auth/logout');
    const before = await rows<{ n: number; hash: string }>(
      db,
      sql`SELECT count(*)::int AS n, (array_agg(hash ORDER BY id DESC))[1] AS hash FROM audit_rows WHERE org_id = ${doomed.id}`,
    );
    expect(before[0]?.n).toBeGreaterThan(0);
    const del = await superAdmin.request('DELETE', `/api/organizations/${doomed.id}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    const after = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM audit_rows WHERE org_id = ${doomed.id}`,
    );
    expect(after[0]?.n).toBe(0);
    const purge = (await auditOf(superAdmin, '&action=purge')).find((r) => r.resourceId === doomed.id);
    expect(purge).toMatchObject({
      resource: 'audit',
      actor: { id: superAdmin.userId },
      changes: { organization: doomed.id, rows: before[0]?.n, lastHash: before[0]?.hash },
    });
    expect((await superAdmin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });
});
