/**
 * Single sign-on journey through a real OpenID provider (oidc-provider) started on loopback by
 * the test: 'Login with Okta' on the login page, the provider's own login and consent pages, back
 * to the referer; and an unknown user refused with the login page's 'SSO error' warning.
 */
import { expect, type Page, test } from '@playwright/test';
import { startProvider, type TestProvider } from '../packages/server/test/oidc-provider';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, uniq } from './fixtures';

// axe is injected as a script tag, which the console's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

import { BASE_URL } from './playwright.config';

let idp: TestProvider;
type Api = Awaited<ReturnType<typeof adminApi>>;
type Org = { _id: string; name: string; subdomain: string; oktaEnabled: boolean; entraEnabled: boolean };

async function setOkta(api: Api, enabled: boolean) {
  const orgs: Org[] = await (await api.get('/api/organizations')).json();
  for (const org of orgs) {
    const res = await api.put(`/api/organizations/${org._id}`, {
      name: org.name,
      subdomain: org.subdomain,
      oktaEnabled: enabled,
      entraEnabled: org.entraEnabled,
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

test.beforeAll(async ({ request }) => {
  idp = await startProvider({ redirectUris: [`${BASE_URL}/auth/okta/callback`] });
  const api = await adminApi(request);
  const put = await api.put('/api/ssosettings', {
    oktaIssuer: idp.issuer,
    oktaClientId: idp.clientId,
    oktaClientSecret: idp.clientSecret,
    entraTenant: '',
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await setOkta(api, true);
});

test.afterAll(async ({ request }) => {
  await setOkta(await adminApi(request), false);
  await idp?.close();
});

async function throughProvider(page: Page, login: string) {
  await page.getByRole('link', { name: 'Login with Okta' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('Login with Okta signs a known user in and returns to the referer', async ({ page, request }) => {
  const api = await adminApi(request);
  const email = `sso-${uniq()}@example.com`;
  const created = await api.post('/api/users?send-email=true', {
    name: 'Sam Single',
    username: email,
    roles: ['5a0000000000000000000005'],
    securityCtx: { sites: ['*'] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  // The account has no password yet: an administrator consents to its first sign-in linking it.
  const granted = await api.post(`/api/users/${(await created.json()).id}/ssolinks`, { provider: 'okta' });
  expect(granted.ok(), await granted.text()).toBeTruthy();

  await page.goto('/zones');
  await expect(page).toHaveURL(/\/login\?referer=/);
  await expect(page.getByRole('link', { name: 'Login with Okta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login with Entra' })).toHaveCount(0);
  await expectAccessible(page);
  await throughProvider(page, email);
  await expect(page).toHaveURL(/\/zones/);
  const me = await page.request.get('/api/users/me');
  expect((await me.json()).username).toBe(email);
});

test('a first Login with Okta asks for the password once, then signs in directly', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const email = `sso-link-${uniq()}@example.com`;
  const password = `Linked-${uniq()}-Password!`;
  const created = await api.post('/api/users', {
    name: 'Lena Link',
    username: email,
    password,
    roles: ['5a0000000000000000000005'],
    securityCtx: { sites: ['*'] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await page.goto('/login');
  await throughProvider(page, email);
  await expect(page).toHaveURL(/\/login\?link=okta/);
  await expect(page.getByRole('status')).toContainText(
    'Sign in with your Sightline password once to link your Okta account',
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/sso-link.png` });
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.context().clearCookies();
  await page.goto('/login');
  await throughProvider(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  expect((await (await page.request.get('/api/users/me')).json()).username).toBe(email);
});

test('an unknown user is refused with the SSO error warning', async ({ page }) => {
  await page.goto('/login');
  await throughProvider(page, `stranger-${uniq()}@example.com`);
  await expect(page).toHaveURL(/\/login\?error=/);
  const warning = page.getByRole('alert').filter({ hasText: 'SSO error' });
  await expect(warning).toContainText('No Sightline account matches this sign-in');
  await page.screenshot({ path: `${SCREENSHOTS}/sso-error.png` });
  await expectAccessible(page);
  await warning.getByRole('button', { name: 'Close' }).click();
  await expect(warning).toHaveCount(0);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});
