import { expect, test } from '@playwright/test';
import { adminApi, latestMail, uniq } from './fixtures';

test('resets a forgotten password through the mailed link', async ({ page, request }) => {
  const api = await adminApi(request);
  const email = `forgetful-${uniq()}@example.com`;
  const created = await api.post('/api/users?send-email=false', {
    name: 'Forgetful Fran',
    username: email,
    roles: ['5a0000000000000000000005'],
    securityCtx: { sites: ['*'] },
    password: 'Original-Password-2024',
  });
  expect(created.ok()).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot My Password' }).click();
  await expect(page).toHaveURL(/passwordreset\/request/);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/valid email address/)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/passwordreset\/confirm/);
  await expect(page.getByRole('button', { name: 'Return to Login' })).toBeVisible();

  const mail = await latestMail(email);
  const link = mail.match(/https?:\/\/\S*passwordreset\/form\?token=[^\s"<]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Secret-5150');
  await page.getByLabel('Verify New Password').fill('Something-Else-5150');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Verify New Password').fill('Brand-New-Secret-5150');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Brand-New-Secret-5150');
  await page.getByLabel('Password').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
});
