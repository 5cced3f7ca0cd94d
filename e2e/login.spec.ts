import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

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
