/**
 * Single sign-on end to end against a real OpenID provider (oidc-provider) on loopback: the
 * browser's trip is replayed with app.inject on our side and fetch on the provider's side.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cookieOf,
  journey,
  linkByPassword,
  loginError,
  me,
  oktaTenant as startOktaTenant,
} from '../../../test/factories/sso.factory.js';
import { makeApp, makeOrg, makeSite, makeUser } from '../../../test/factories.js';
import { signIn, startProvider, type TestProvider } from '../../../test/oidc-provider.js';
import { organizations, ssoSettings } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { SSO_ERRORS } from './service.js';

const oktaTenant = () => startOktaTenant(app, providers);

const app = await makeApp({ ssoAllowPrivate: true });
const providers: TestProvider[] = [];
afterAll(() => Promise.all(providers.map((p) => p.close())));

describe('Okta sign-in (authorization code + PKCE against a real provider)', () => {
  it('signs in the linked user and goes to the referer', async () => {
    const t = await oktaTenant();
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    // The provider's email matches the account whatever its case; the link is to the provider's subject.
    await linkByPassword(app, 'okta', t.host, user.username.toUpperCase(), user.username);
    const res = await journey(app, 'okta', t.host, user.username.toUpperCase(), { referer: '/zones?site=x' });
    expect(res.headers.location).toBe('/zones?site=x');
    const session = cookieOf(res, 'sl_session');
    const who = await me(app, session);
    expect(who.statusCode).toBe(200);
    expect(who.json().username).toBe(user.username);
  });

  it('goes to items without a referer, and never to another origin or back to login', async () => {
    const t = await oktaTenant();
    const user = await makeUser(app, t.org.id);
    await linkByPassword(app, 'okta', t.host, user.username, user.username);
    for (const referer of [undefined, '//evil.example/x', 'https://evil.example', '/login?x=1']) {
      const res = await journey(app, 'okta', t.host, user.username, { referer });
      expect(res.headers.location, String(referer)).toBe('/items');
    }
  });

  it('refuses an unknown user and a user of another organization (no sign-up)', async () => {
    const t = await oktaTenant();
    const unknown = await journey(app, 'okta', t.host, 'nobody@example.com');
    expect(loginError(unknown)).toBe(SSO_ERRORS.unknownUser);
    expect(cookieOf(unknown, 'sl_session')).toBeUndefined();

    const other = await makeOrg(app);
    const stranger = await makeUser(app, other.id);
    const res = await journey(app, 'okta', t.host, stranger.username);
    expect(loginError(res)).toBe(SSO_ERRORS.unknownUser);
  });

  it('refuses a tampered state, a missing browser cookie and a replayed callback', async () => {
    const t = await oktaTenant();
    const user = await makeUser(app, t.org.id);
    await linkByPassword(app, 'okta', t.host, user.username, user.username);
    const badState = await journey(app, 'okta', t.host, user.username, {
      tamper: (u) => u.searchParams.set('state', 'forged-state'),
    });
    expect(loginError(badState)).toBe(SSO_ERRORS.invalid);
    expect(cookieOf(badState, 'sl_session')).toBeUndefined();

    const noCookie = await journey(app, 'okta', t.host, user.username, { dropCookie: true });
    expect(loginError(noCookie)).toBe(SSO_ERRORS.expired);

    // The same code and cookie a second time: the sign-in state is single use.
    const start = await app.inject({ method: 'GET', url: '/auth/okta/redirect', headers: { host: t.host } });
    const binding = cookieOf(start, 'sl_sso');
    const back = await signIn(String(start.headers.location), user.username);
    const replay = () =>
      app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { host: t.host, cookie: `sl_sso=${binding}` },
      });
    expect((await replay()).headers.location).toBe('/items');
    expect(loginError(await replay())).toBe(SSO_ERRORS.expired);
  });

  it('reports a provider error back on the login page', async () => {
    const t = await oktaTenant();
    const res = await journey(app, 'okta', t.host, 'x', { abort: true });
    expect(loginError(res)).toBe(SSO_ERRORS.refused('access_denied'));
    // A forged error text is never echoed: only the error code's word characters.
    const forged = await app.inject({
      method: 'GET',
      url: `/auth/okta/callback?error=${encodeURIComponent('<b>Call 555</b>')}`,
      headers: { host: t.host },
    });
    expect(loginError(forged)).toBe(SSO_ERRORS.refused('bCall555b'));
  });

  it('sends the browser back to login when the provider is disabled, unconfigured or unreachable', async () => {
    const t = await oktaTenant();
    await app.ctx.db.update(organizations).set({ oktaEnabled: false }).where(eq(organizations.id, t.org.id));
    const disabled = await app.inject({
      method: 'GET',
      url: '/auth/okta/redirect',
      headers: { host: t.host },
    });
    expect(loginError(disabled)).toBe(SSO_ERRORS.unavailable('okta'));
    const entra = await app.inject({ method: 'GET', url: '/auth/entra/redirect', headers: { host: t.host } });
    expect(loginError(entra)).toBe(SSO_ERRORS.unavailable('entra'));

    await app.ctx.db.update(organizations).set({ oktaEnabled: true }).where(eq(organizations.id, t.org.id));
    await t.superAdmin.request('PUT', '/api/ssosettings', {
      oktaIssuer: 'http://127.0.0.1:9/nothing-here',
      oktaClientId: 'x',
      oktaClientSecret: 'y',
      entraTenant: '',
    });
    const down = await app.inject({ method: 'GET', url: '/auth/okta/redirect', headers: { host: t.host } });
    expect(loginError(down)).toBe(SSO_ERRORS.unreachable);
  });

  it('accepts http issuers only on localhost / 127.0.0.1', async () => {
    const t = await oktaTenant();
    const base = { oktaClientId: 'a', oktaClientSecret: 'b', entraTenant: '' };
    for (const ok of ['http://127.0.0.1:4000', 'http://localhost:4000/oauth2', 'https://acme.okta.com']) {
      expect(
        (await t.superAdmin.request('PUT', '/api/ssosettings', { ...base, oktaIssuer: ok })).statusCode,
        ok,
      ).toBe(200);
    }
    for (const bad of [
      'http://acme.okta.com',
      'http://10.0.0.1',
      'ftp://localhost',
      'https://u:p@acme.okta.com',
    ]) {
      expect(
        (await t.superAdmin.request('PUT', '/api/ssosettings', { ...base, oktaIssuer: bad })).statusCode,
        bad,
      ).toBe(400);
    }
    const tenant = await t.superAdmin.request('PUT', '/api/ssosettings', { ...base, entraTenant: '../evil' });
    expect(tenant.statusCode).toBe(400);
  });
});

describe('Entra ID sign-in', () => {
  it('uses the tenant from SSO settings with ENTRA_CLIENT_ID / ENTRA_CLIENT_SECRET', async () => {
    const subdomain = `entra-${newId().slice(-8)}`;
    const host = `${subdomain}.sightline.example`;
    const idp = await startProvider({
      redirectUris: [`http://${host}/auth/entra/callback`],
      issuerPath: '/contoso.onmicrosoft.com/v2.0',
      clientId: 'entra-app-id',
      clientSecret: 'entra-app-secret',
    });
    providers.push(idp);
    const entraApp = await makeApp({
      ssoAllowPrivate: true,
      entraClientId: 'entra-app-id',
      entraClientSecret: 'entra-app-secret',
      entraAuthority: new URL(idp.issuer).origin,
    });
    const orgId = newId();
    await entraApp.ctx.db
      .insert(organizations)
      .values({ id: orgId, name: 'Entra org', subdomain, entraEnabled: true });
    await makeSite(entraApp, orgId);
    const admin = await makeUser(entraApp, orgId);
    await entraApp.ctx.db.insert(ssoSettings).values({ orgId, entraTenant: 'contoso.onmicrosoft.com' });

    await linkByPassword(entraApp, 'entra', host, admin.username, admin.username);
    const ok = await journey(entraApp, 'entra', host, admin.username);
    expect(ok.headers.location).toBe('/items');
    expect((await me(entraApp, cookieOf(ok, 'sl_session'))).json().username).toBe(admin.username);

    const unknown = await journey(entraApp, 'entra', host, 'ghost@contoso.example');
    expect(loginError(unknown)).toBe(SSO_ERRORS.unknownUser);
  }, 120_000);
});
