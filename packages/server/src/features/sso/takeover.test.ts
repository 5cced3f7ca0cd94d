/**
 * Nobody becomes someone else through single sign-on: only a Super Admin points the organization
 * at an identity provider, an account is found by the provider's subject (an email match links only
 * after the account's password or an administrator's consent), Super Admins stay on their password
 * unless allowed, a second factor the provider did not show is still asked for, and every change
 * is mailed to the Super Admins.
 */
import { ROLE_IDS, SSO_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMailApp, waitForMails } from '../../../test/factories/outbox.factory.js';
import {
  cookieOf,
  journey,
  linkByPassword,
  loginError,
  me,
  oktaTenant,
  passwordLogin,
} from '../../../test/factories/sso.factory.js';
import { clientWith, login, makeSuperAdmin, makeUser, PASSWORD } from '../../../test/factories.js';
import { startProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { ssoIdentities, ssoSettings, users } from '../../db/schema.js';
import { codeAt } from '../totp/codes.js';
import { SSO_ERRORS } from './service.js';

const { app, outbox } = await makeMailApp({ ssoAllowPrivate: true });
const providers: TestProvider[] = [];
afterAll(() => Promise.all(providers.map((p) => p.close())));

const stored_ = async (orgId: string) =>
  (await app.ctx.db.select().from(ssoSettings).where(eq(ssoSettings.orgId, orgId)))[0];
const identities = (userId: string) =>
  app.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));

describe('who may change the identity provider', () => {
  it('refuses every change to a site-limited Admin, and the provider to an Admin or an API key', async () => {
    const t = await oktaTenant(app, providers);
    const before = await stored_(t.org.id);
    const limited = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
    const limitedClient = await login(app, limited.username);
    const key = await t.admin.request('POST', '/api/apikeys', {
      name: 'automation',
      roles: [ROLE_IDS.admin],
      securityCtx: { sites: ['*'] },
    });
    const bearer = clientWith(app, { bearer: key.json().token });
    const current = (await t.admin.request('GET', '/api/ssosettings')).json();
    const evil = { ...current, oktaIssuer: 'http://127.0.0.1:9/attacker', oktaClientId: 'attacker' };

    for (const [who, client] of [
      ['site-limited admin', limitedClient],
      ['admin', t.admin],
      ['api key', bearer],
    ] as const) {
      for (const method of ['PUT', 'POST']) {
        const res = await client.request(method, '/api/ssosettings', evil);
        expect(res.statusCode, `${who} ${method}`).toBe(403);
      }
      const allow = await client.request('PUT', '/api/ssosettings', { ...current, allowSuperAdminSso: true });
      expect(allow.statusCode, `${who} allowSuperAdminSso`).toBe(403);
      const tenant = await client.request('PUT', '/api/ssosettings', {
        ...current,
        entraTenant: 'evil.example',
      });
      expect(tenant.statusCode, `${who} entraTenant`).toBe(403);
    }
    const site = await limitedClient.request('PUT', '/api/ssosettings', { ...current, requireTotp: true });
    expect(site.statusCode).toBe(403);
    expect(site.json().message).toBe(SSO_MSG.allSitesOnly);
    expect(await stored_(t.org.id)).toEqual(before);

    // Sending the secret back, right or wrong, is refused alike: the answer tells nothing of it.
    const stored = (await stored_(t.org.id))?.oktaClientSecret ?? '';
    for (const guess of [stored, 'wrong-guess']) {
      const res = await t.admin.request('PUT', '/api/ssosettings', { ...current, oktaClientSecret: guess });
      expect(res.statusCode, guess === stored ? 'right guess' : 'wrong guess').toBe(403);
    }
    // Requiring a second factor is not the provider: an all-sites Admin may.
    const totp = await t.admin.request('PUT', '/api/ssosettings', { ...current, requireTotp: true });
    expect(totp.statusCode).toBe(200);
    expect((await stored_(t.org.id))?.oktaIssuer).toBe(before?.oktaIssuer);
  });

  it("lets a Super Admin set another organization's provider (?org=), and nobody else", async () => {
    const a = await oktaTenant(app, providers);
    const b = await oktaTenant(app, providers);
    const body = { ...(await b.admin.request('GET', '/api/ssosettings')).json(), oktaClientId: 'from-a' };
    const byAdmin = await a.admin.request('PUT', `/api/ssosettings?org=${b.org.id}`, body);
    expect(byAdmin.statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/ssosettings?org=${b.org.id}`)).statusCode).toBe(404);
    const bySuperAdmin = await a.superAdmin.request('PUT', `/api/ssosettings?org=${b.org.id}`, body);
    expect(bySuperAdmin.statusCode).toBe(200);
    expect((await stored_(b.org.id))?.oktaClientId).toBe('from-a');
    expect((await a.superAdmin.request('GET', '/api/ssosettings?org=not-an-id')).statusCode).toBe(400);
    expect((await a.superAdmin.request('GET', `/api/ssosettings?org=${'f'.repeat(24)}`)).statusCode).toBe(
      404,
    );
  });

  it("mails every change to the organization's Super Admins, never the secret", async () => {
    const t = await oktaTenant(app, providers);
    const current = (await t.admin.request('GET', '/api/ssosettings')).json();
    const res = await t.superAdmin.request('PUT', '/api/ssosettings', {
      ...current,
      oktaClientId: 'rotated-client',
      oktaClientSecret: 'very-secret-value',
    });
    expect(res.statusCode).toBe(200);
    const totp = await t.admin.request('PUT', '/api/ssosettings', {
      ...(res.json() as object),
      requireTotp: true,
    });
    expect(totp.statusCode).toBe(200);
    const mails = await waitForMails(outbox, t.superAdmin.username, 3);
    const texts = mails.map((m) => m.text).join('\n');
    expect(mails.every((m) => m.subject.includes('single sign-on settings'))).toBe(true);
    expect(texts).toContain('Okta Client ID');
    expect(texts).toContain('rotated-client');
    expect(texts).toContain('Okta Secret: set → changed');
    expect(texts).toContain('Require two-factor authentication: no → yes');
    expect(texts).toContain(t.admin.username);
    expect(texts).not.toContain('very-secret-value');
    // When, in the console's form with its zone named (the organization's change has no site), never ISO.
    expect(texts).toMatch(/ at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]m UTC\./);
    expect(texts).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // Saving the same settings again is no change and sends nothing.
    const again = await t.admin.request('PUT', '/api/ssosettings', totp.json());
    expect(again.statusCode).toBe(200);
    expect(await waitForMails(outbox, t.superAdmin.username, 4, 300)).toHaveLength(3);
  });
});

describe('accounts are linked by the provider subject, not by email', () => {
  it('an email match alone opens no session: the password links the account first', async () => {
    const t = await oktaTenant(app, providers);
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    const first = await journey(app, 'okta', t.host, user.username);
    expect(cookieOf(first, 'sl_session')).toBeUndefined();
    const location = new URL(String(first.headers.location), 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('link')).toBe('okta');
    expect(location.searchParams.get('username')).toBe(user.username);
    expect(await identities(user.id)).toHaveLength(0);

    // A wrong password links nothing; another account's password links nothing.
    const link = cookieOf(first, 'sl_sso_link');
    expect((await passwordLogin(app, user.username, link, 'wrong-password-123')).statusCode).toBe(401);
    expect(await identities(user.id)).toHaveLength(0);
    const other = await makeUser(app, t.org.id, { role: 'viewer' });
    const again = await journey(app, 'okta', t.host, user.username);
    expect((await passwordLogin(app, other.username, cookieOf(again, 'sl_sso_link'))).statusCode).toBe(200);
    expect(await identities(user.id)).toHaveLength(0);
    expect(await identities(other.id)).toHaveLength(0);

    await linkByPassword(app, 'okta', t.host, user.username, user.username);
    expect(await identities(user.id)).toMatchObject([{ provider: 'okta', subject: user.username }]);
    const signedIn = await journey(app, 'okta', t.host, user.username);
    expect((await me(app, cookieOf(signedIn, 'sl_session'))).json().username).toBe(user.username);
  });

  it('another subject of the provider with the same email is refused', async () => {
    const victimEmail = `victim-${Date.now()}@example.com`;
    const t = await oktaTenant(app, providers, {
      emailOf: (login) => (login === 'mallory' ? victimEmail : login),
    });
    const victim = await makeUser(app, t.org.id, { username: victimEmail });
    await linkByPassword(app, 'okta', t.host, victimEmail, victimEmail);
    const res = await journey(app, 'okta', t.host, 'mallory');
    expect(loginError(res)).toBe(SSO_ERRORS.otherIdentity);
    expect(cookieOf(res, 'sl_session')).toBeUndefined();
    expect(await identities(victim.id)).toMatchObject([{ subject: victimEmail }]);
  });

  it('a new issuer minting any email gets no session: the account must prove its password again', async () => {
    const t = await oktaTenant(app, providers);
    const victim = await makeUser(app, t.org.id);
    await linkByPassword(app, 'okta', t.host, victim.username, victim.username);
    // The provider is replaced; an account there claims the victim's email.
    const idp = await startProvider({
      redirectUris: [`http://${t.host}/auth/okta/callback`],
      emailOf: () => victim.username,
    });
    providers.push(idp);
    const current = (await t.admin.request('GET', '/api/ssosettings')).json();
    const put = await t.superAdmin.request('PUT', '/api/ssosettings', {
      ...current,
      oktaIssuer: idp.issuer,
      oktaClientId: idp.clientId,
      oktaClientSecret: idp.clientSecret,
    });
    expect(put.statusCode).toBe(200);
    const res = await journey(app, 'okta', t.host, 'attacker');
    expect(cookieOf(res, 'sl_session')).toBeUndefined();
    expect(new URL(String(res.headers.location), 'http://x').searchParams.get('link')).toBe('okta');
    expect(await identities(victim.id)).toMatchObject([{ issuer: t.idp.issuer, subject: victim.username }]);
  });

  it("an administrator's consent links an account without a password at its next sign-in", async () => {
    const t = await oktaTenant(app, providers);
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    await app.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const grant = await t.admin.request('POST', `/api/users/${user.id}/ssolinks`, { provider: 'okta' });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().granted).toMatchObject([{ provider: 'okta' }]);
    const res = await journey(app, 'okta', t.host, user.username);
    expect((await me(app, cookieOf(res, 'sl_session'))).json().username).toBe(user.username);
    const links = (await t.admin.request('GET', `/api/users/${user.id}/ssolinks`)).json();
    expect(links).toMatchObject({ linked: [{ provider: 'okta' }], granted: [] });

    // Removing the link: the next sign-in by email asks for the link again.
    const removed = await t.admin.request('DELETE', `/api/users/${user.id}/ssolinks/okta`);
    expect(removed.json()).toEqual({ linked: [], granted: [] });
    const after = await journey(app, 'okta', t.host, user.username);
    expect(new URL(String(after.headers.location), 'http://x').searchParams.get('link')).toBe('okta');
  });

  it('guards the link routes: 401, 403, 400, and 404 for another organization or out of reach', async () => {
    const t = await oktaTenant(app, providers);
    const other = await oktaTenant(app, providers);
    const user = await makeUser(app, t.org.id, { role: 'viewer', sites: [t.site.id] });
    const url = `/api/users/${user.id}/ssolinks`;
    const anonymous = clientWith(app, {});
    expect((await anonymous.request('GET', url)).statusCode).toBe(401);
    expect((await anonymous.request('POST', url, { provider: 'okta' })).statusCode).toBe(401);
    expect((await t.viewer.request('POST', url, { provider: 'okta' })).statusCode).toBe(403);
    // Reading a user's links needs what reading the user needs.
    expect((await t.viewer.request('GET', url)).statusCode).toBe(403);
    expect((await t.admin.request('POST', url, { provider: 'github' })).statusCode).toBe(400);
    expect((await t.admin.request('POST', url, { provider: 'okta', extra: 1 })).statusCode).toBe(400);
    expect((await t.admin.request('DELETE', `${url}/github`)).statusCode).toBe(400);
    expect((await other.admin.request('POST', url, { provider: 'okta' })).statusCode).toBe(404);
    expect((await other.admin.request('GET', url)).statusCode).toBe(404);
    expect((await other.admin.request('DELETE', `${url}/okta`)).statusCode).toBe(404);
    // A Super Admin's link is a Super Admin's to grant.
    const superAdmin = await makeSuperAdmin(app, t.org.id);
    const granted = await t.admin.request('POST', `/api/users/${superAdmin.userId}/ssolinks`, {
      provider: 'okta',
    });
    expect(granted.statusCode).toBe(403);
    expect((await t.admin.request('GET', url)).json()).toEqual({ linked: [], granted: [] });
  });
});

describe('Super Admins and second factors', () => {
  it('a Super Admin does not sign in through SSO unless the organization allows it', async () => {
    const t = await oktaTenant(app, providers);
    const refused = await journey(app, 'okta', t.host, t.superAdmin.username);
    expect(loginError(refused)).toBe(SSO_ERRORS.superAdmin);
    expect(cookieOf(refused, 'sl_session')).toBeUndefined();

    const current = (await t.admin.request('GET', '/api/ssosettings')).json();
    const allow = await t.superAdmin.request('PUT', '/api/ssosettings', {
      ...current,
      allowSuperAdminSso: true,
    });
    expect(allow.statusCode).toBe(200);
    await linkByPassword(app, 'okta', t.host, t.superAdmin.username, t.superAdmin.username);
    const res = await journey(app, 'okta', t.host, t.superAdmin.username);
    expect((await me(app, cookieOf(res, 'sl_session'))).json().username).toBe(t.superAdmin.username);
  });

  it('a user with TOTP still enters the code unless the provider shows MFA (amr)', async () => {
    const withMfa = new Set<string>();
    const t = await oktaTenant(app, providers, {
      amrOf: (login) => (withMfa.has(login) ? ['pwd', 'mfa'] : ['pwd']),
    });
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    const client = await login(app, user.username);
    const { secret } = (await client.request('POST', '/api/users/me/totp/setup')).json();
    expect(
      (await client.request('POST', '/api/users/me/totp/enable', { code: codeAt(secret) })).statusCode,
    ).toBe(200);
    // The link's password step itself asks for the code; the link is made by the password.
    const first = await journey(app, 'okta', t.host, user.username);
    const linked = await passwordLogin(app, user.username, cookieOf(first, 'sl_sso_link'), PASSWORD);
    expect(linked.json().secondFactor).toBe('totp');

    const res = await journey(app, 'okta', t.host, user.username, { referer: '/zones' });
    expect(cookieOf(res, 'sl_session')).toBeUndefined();
    const location = new URL(String(res.headers.location), 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('referer')).toBe('/zones');
    const step = new URLSearchParams(location.hash.slice(1));
    expect(step.get('secondFactor')).toBe('totp');
    const code = await app.inject({
      method: 'POST',
      url: '/api/auth/totp',
      payload: { pendingToken: step.get('pendingToken'), code: codeAt(secret, Date.now() + 30_000) },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json().username).toBe(user.username);

    withMfa.add(user.username);
    const mfa = await journey(app, 'okta', t.host, user.username);
    expect(String(mfa.headers.location)).toBe('/items');
    expect((await me(app, cookieOf(mfa, 'sl_session'))).json().username).toBe(user.username);
  });
});
