import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminApi, firstSite, makeViewer, SCREENSHOTS, signIn, USER_PASSWORD, uniq } from './fixtures';

test.describe('login', () => {
  test('signs in and lands on items', async ({ page }) => {
    await page.goto('/login');
    await page.screenshot({ path: `${SCREENSHOTS}/login.png` });
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/items/);
  });

  test('returns to the referer after signing in', async ({ page }) => {
    await page.goto('/users?page=0');
    await expect(page).toHaveURL(/\/login\?referer=/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/users/);
  });

  test('keeps the site of the page it returns to, and never leaves the console', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const site = await firstSite(api);
    await page.goto(`/reports/zones?site=${site}`);
    await expect(page).toHaveURL(/\/login\?referer=/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/reports\/zones\?/);
    expect(new URL(page.url()).searchParams.get('site')).toBe(site);
    await expect(page.getByRole('heading', { name: 'Zone Status' })).toBeVisible();

    // A referer elsewhere, or back to the login page, lands on items on this site.
    await page.context().clearCookies();
    for (const referer of ['https://evil.example/', '//evil.example/', '/login?referer=/users']) {
      await page.goto(`/login?referer=${encodeURIComponent(referer)}`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByLabel('Password').press('Enter');
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/items/);
      await page.context().clearCookies();
    }
  });

  test('a Viewer lands on items too, on a desktop and on a phone', async ({ page, request }) => {
    const email = await makeViewer(await adminApi(request), 'Landing Viewer', 'landing-viewer');
    await signIn(page, email, USER_PASSWORD);
    await expect(page).toHaveURL(/\/items/);
    await expect(page.getByRole('heading', { name: 'Items', exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/login-landing-viewer.png` });
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email, USER_PASSWORD);
    await expect(page).toHaveURL(/\/items/);
    await expect(page.getByRole('heading', { name: 'Items', exact: true })).toBeVisible();
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/login-landing-viewer-phone.png` });
  });

  test('shows the wrong-password message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('locks the account after ten failures and says how to unlock it', async ({ page, request }) => {
    const api = await adminApi(request);
    const email = `locked-${uniq()}@example.com`;
    const created = await api.post('/api/users?send-email=false', {
      name: 'Soon Locked',
      username: email,
      roles: ['5a0000000000000000000005'],
      securityCtx: { sites: ['*'] },
      password: 'Perfectly-Fine-Password-77',
    });
    expect(created.ok()).toBeTruthy();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    for (let i = 0; i < 10; i++) {
      await page.getByLabel('Password').fill(`wrong-${i}`);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText(/Invalid username or password|use Forgot My Password/)).toBeVisible();
    }
    await page.getByLabel('Password').fill('Perfectly-Fine-Password-77');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(
      page.getByText('Too many recent failed logins: use Forgot My Password to unlock your account'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing out returns to the login page', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /profile|account/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login\?referer=/);
  });
});
