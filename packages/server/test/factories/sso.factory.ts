/**
 * Single sign-on journeys for the tests: an organization whose Okta points at a real provider on
 * loopback, the browser's trip through /auth/okta/redirect → provider → callback, and the
 * password step that links an account.
 */
import type { SsoProviderName } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organizations } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { signIn, startProvider, type TestProvider } from '../oidc-provider.js';
import { makeSuperAdmin, makeTenant, PASSWORD, randomIp } from './app.factory.js';

type Answer = { headers: Record<string, unknown>; cookies: { name: string; value: string }[] };

export const cookieOf = (res: Answer, name: string) =>
  res.cookies.find((c) => c.name === name && c.value)?.value;

/** The `error` of a redirect to the login page (fails when the answer goes elsewhere). */
export function loginError(res: Answer) {
  const location = new URL(String(res.headers.location), 'http://x');
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('error');
}

export function me(app: App, session: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `sl_session=${session}` } });
}

/** An organization whose Okta sign-in points at a fresh provider, set by its Super Admin. */
export async function oktaTenant(
  app: App,
  providers: TestProvider[],
  opts: Omit<Parameters<typeof startProvider>[0], 'redirectUris'> = {},
) {
  const t = await makeTenant(app);
  const superAdmin = await makeSuperAdmin(app, t.org.id);
  const host = `${t.org.subdomain}.sightline.example`;
  const idp = await startProvider({ ...opts, redirectUris: [`http://${host}/auth/okta/callback`] });
  providers.push(idp);
  const put = await superAdmin.request('PUT', '/api/ssosettings', {
    oktaIssuer: idp.issuer,
    oktaClientId: idp.clientId,
    oktaClientSecret: idp.clientSecret,
    entraTenant: '',
  });
  expect(put.statusCode, put.body).toBe(200);
  await app.ctx.db.update(organizations).set({ oktaEnabled: true }).where(eq(organizations.id, t.org.id));
  return { ...t, superAdmin, host, idp };
}

/** /auth/{provider}/redirect → provider (as `login`) → /auth/{provider}/callback; the callback's answer. */
export async function journey(
  app: App,
  provider: SsoProviderName,
  host: string,
  login: string,
  opts: { referer?: string; tamper?: (u: URL) => void; abort?: boolean; dropCookie?: boolean } = {},
) {
  const qs = opts.referer ? `?referer=${encodeURIComponent(opts.referer)}` : '';
  const start = await app.inject({
    method: 'GET',
    url: `/auth/${provider}/redirect${qs}`,
    headers: { host },
  });
  expect(start.statusCode).toBe(302);
  const binding = cookieOf(start, 'sl_sso');
  expect(binding).toBeTruthy();
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const back = await signIn(authorize.href, login, { abort: opts.abort });
  expect(`${back.origin}${back.pathname}`).toBe(`http://${host}/auth/${provider}/callback`);
  opts.tamper?.(back);
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host, ...(opts.dropCookie ? {} : { cookie: `sl_sso=${binding}` }) },
  });
  expect(callback.statusCode).toBe(302);
  return callback;
}

/** The password sign-in that follows a link redirect, carrying its cookie; the login's answer. */
export function passwordLogin(
  app: App,
  username: string,
  linkCookie: string | undefined,
  password = PASSWORD,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: randomIp(),
    headers: linkCookie ? { cookie: `sl_sso_link=${linkCookie}` } : {},
  });
}

/**
 * Links `login`'s identity to the account `username` the way a person does: the first sign-in
 * lands on the login page asking for the password, and the password confirms the link.
 */
export async function linkByPassword(
  app: App,
  provider: SsoProviderName,
  host: string,
  login: string,
  username: string,
) {
  const first = await journey(app, provider, host, login);
  const location = new URL(String(first.headers.location), 'http://x');
  expect(location.pathname, String(first.headers.location)).toBe('/login');
  expect(location.searchParams.get('link')).toBe(provider);
  const res = await passwordLogin(app, username, cookieOf(first, 'sl_sso_link'));
  expect(res.statusCode, res.body).toBe(200);
}
