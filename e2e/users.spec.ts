import { expect, test } from '@playwright/test';
import { SCREENSHOTS, signIn, uniq } from './fixtures';
import { choose, closeErrorBar } from './ui-helpers';

test('creates, edits and deletes a user through the screens', async ({ page }) => {
  const id = uniq();
  const name = `Casey Rivera ${id}`;
  const renamed = `Casey Rivera-Lopez ${id}`;
  const email = `casey-${id}@example.com`;

  await signIn(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'admin@sightline.local' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-list.png` });

  // Add: list → Add → fill → Save → back on the list with the new row.
  await page.getByRole('button', { name: 'Add user' }).first().click();
  await expect(page).toHaveURL(/\/users\/new/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Username').fill(email);
  await choose(page, 'Roles', ['Operator']);
  await choose(page, 'Sites', ['Main Warehouse']);
  await page.getByLabel('Send activation email').uncheck();
  await page.getByLabel('Password', { exact: true }).fill('Quiet-Harbor-Lantern-42');
  await closeErrorBar(page);
  await page.screenshot({ path: `${SCREENSHOTS}/user-editor.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Operator');

  // Edit: open the row, change the name, save.
  await row.click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Username')).toHaveValue(email);
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(renamed);

  // Delete: from the editor, through the delete confirmation.
  await page.getByRole('row').filter({ hasText: email }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this user? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('deletes a user from the list with the delete icon', async ({ page }) => {
  const id = uniq();
  const email = `list-delete-${id}@example.com`;
  await signIn(page);
  const created = await page.request.post('/api/users?send-email=false', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: {
      name: `Short Lived ${id}`,
      username: email,
      roles: ['5a0000000000000000000005'],
      securityCtx: { sites: ['*'] },
      password: 'Quiet-Harbor-Lantern-42',
    },
  });
  expect(created.ok()).toBeTruthy();
  await page.goto('/users');
  // Found as a person finds one user among many pages: by searching.
  await page.getByPlaceholder('Search users').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /delete/i }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this user? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});
