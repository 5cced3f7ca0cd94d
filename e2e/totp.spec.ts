/**
 * Second factor journey: set it up in the profile (QR code, first code, recovery codes), sign out,
 * sign in with a code from the "authenticator app" (otpauth, here), then with a recovery code.
 */
import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, uniq } from './fixtures';

// axe is injected as a script tag, which the console's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });
// Three sign-ins and two axe runs: longer than the default on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'Perfectly-Fine-Password-77';
const codeFor = (secret: string, offsetMs = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetMs,
  });

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
}

async function signOut(page: Page) {
  await expect(page.getByRole('button', { name: /profile|account/i })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /profile|account/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('two-factor authentication: enrol, sign in with a code, then with a recovery code', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const email = `totp-${uniq()}@example.com`;
  const created = await api.post('/api/users?send-email=false', {
    name: 'Tess Totp',
    username: email,
    roles: ['5a0000000000000000000005'],
    securityCtx: { sites: ['*'] },
    password: PASSWORD,
  });
  expect(created.ok()).toBeTruthy();

  // Without a second factor the password alone signs in.
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/items/, { timeout: 30_000 });

  await page.goto('/userme');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The viewport, not fullPage: a full-page capture draws the fixed shell halfway down.
  await card.getByRole('button', { name: 'Turn on' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/totp-enrol.png` });
  await expectAccessible(page, 'main');

  // A wrong code is refused and says so; the right one turns it on (typed, then Enter).
  await card.getByLabel('Authentication code').fill('000000');
  await card.getByLabel('Authentication code').press('Enter');
  await expect(card.getByRole('alert')).toContainText('That code is not valid');
  await card.getByLabel('Authentication code').fill(codeFor(secret));
  await card.getByLabel('Authentication code').press('Enter');
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await expectAccessible(page, 'main');
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('Recovery codes left: 10.')).toBeVisible();

  // Sign out; the password now leads to the code step, with no session yet.
  await signOut(page);
  await passwordStep(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await expectAccessible(page);
  // The next time step's code (the enrolment used this one; a code works once).
  await page.getByLabel('Authentication code').fill(codeFor(secret, 30_000));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/items/, { timeout: 30_000 });

  // And with a recovery code, by keyboard.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByLabel('Authentication code').fill(recovery[0] ?? '');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/items/, { timeout: 30_000 });
  await page.goto('/userme');
  await expect(page.getByText('Recovery codes left: 9.')).toBeVisible();
});
