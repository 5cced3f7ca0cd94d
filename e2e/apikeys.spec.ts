import { expect, test } from '@playwright/test';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';
import { BASE_URL } from './playwright.config';
import { choose, closeErrorBar } from './ui-helpers';

test.describe('API keys', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('creates a key, shows its token once, and deletes it after Confirm Delete', async ({
    page,
    playwright,
    request,
  }) => {
    const name = `Integration ${uniq()}`;
    // A second key beside the one made through the screen, so the list shows more than one row.
    const api = await adminApi(request);
    const other = await api.post('/api/apikeys', {
      name: `Dock door bridge ${uniq()}`,
      roles: ['5a0000000000000000000004'],
      securityCtx: { sites: ['*'] },
    });
    expect(other.ok()).toBeTruthy();
    const otherId = (await other.json())._id as string;
    await signIn(page);
    await page.getByRole('link', { name: 'API Keys' }).click();
    await expect(page.getByRole('heading', { name: 'API Keys', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add API key' }).first().click();
    await expect(page).toHaveURL(/\/apikeys\/new/);

    // Nothing chosen: the fixed required-field texts.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please fill out all required fields')).toBeVisible();
    await expect(page.getByText('You must select at least one item').first()).toBeVisible();

    // Super Admin is never offered to an API key.
    await page.getByRole('combobox', { name: 'Roles' }).click();
    await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Super Admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByLabel('Name', { exact: true }).fill(name);
    await choose(page, 'Roles', ['Viewer']);
    await choose(page, 'Sites', ['All Sites']);
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: `API key ${name} created` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('it will not be shown again')).toBeVisible();
    const token = await dialog.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^sl_[\w-]{40,}$/);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // The token works as a Bearer token (a client without the browser's session cookie).
    const client = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    expect((await client.get('/api/sites')).ok()).toBeTruthy();

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/apikeys(\?|$)/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Viewer');
    await expect(row).toContainText(`${token.slice(0, 10)}…`);
    await expect(page.getByText(token)).toHaveCount(0);
    await closeErrorBar(page);
    await page.screenshot({ path: `${SCREENSHOTS}/apikeys.png` });

    // Reopened: read only, the token only by its prefix, no Save.
    await row.click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Token' })).toHaveValue(`${token.slice(0, 10)}…`);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Delete' })
      .getByRole('button', { name: "I'm Sure" })
      .click();
    await expect(page).toHaveURL(/\/apikeys(\?|$)/);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    expect((await client.get('/api/sites')).status()).toBe(401);
    await client.dispose();
    expect((await api.delete(`/api/apikeys/${otherId}`)).ok()).toBeTruthy();
  });
});
