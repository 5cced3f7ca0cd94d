import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, DEMO_PASSWORD, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('read-only screens', () => {
  test('a Viewer sees disabled fields and no Save in the user and site editors', async ({ page }) => {
    await signIn(page, 'viewer@demo.sightline.local', DEMO_PASSWORD);
    const me = await (await page.request.get('/api/users/me')).json();
    const sites = await (await page.request.get('/api/sites?sort=name')).json();

    await page.goto(`/users/${me.id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(me.name);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByText('You can view this user but not change it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);

    await page.goto(`/sites/${sites[0]._id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(sites[0].name);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toBeDisabled();
    await expect(page.getByText('You can view this site but not change it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // No admin entries in a Viewer's menu.
    await expect(menu(page).getByRole('link', { name: 'Sites' })).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: 'Organization Settings' })).toHaveCount(0);
  });
});

test.describe('settings', () => {
  test('renamed labels and hideWorkers change the menu at once, then are restored', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const sites = await (await api.get('/api/sites?sort=name')).json();
    const site = sites[0]._id as string;
    const original = await (await api.get(`/api/orgsettings?site=${site}`)).json();
    try {
      await signIn(page);
      await menu(page).getByRole('link', { name: 'Organization Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Organization Settings', exact: true })).toBeVisible();
      await expect(page.getByText(`Site: ${sites[0].name}`)).toBeVisible();
      await expect(page.getByLabel('Item Label')).toHaveValue(original.itemLabel);
      await expect(menu(page).getByRole('link', { name: original.workerLabel })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/settings.png` });

      await page.getByLabel('Item Label').fill('Assets');
      await page.getByLabel('Worker Label').fill('Crew');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: 'Assets' })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: 'Crew' })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: original.itemLabel, exact: true })).toHaveCount(0);

      await page.getByLabel('Hide Workers').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(menu(page).getByRole('link', { name: 'Crew' })).toHaveCount(0);
      await expect(menu(page).getByRole('link', { name: 'Assets' })).toBeVisible();
      // The server kept it: a reload shows the same menu.
      await page.reload();
      await expect(page.getByLabel('Hide Workers')).toBeChecked();
      await expect(menu(page).getByRole('link', { name: 'Crew' })).toHaveCount(0);

      // The label header checkbox adds 'label' to thingHeaders.
      await page.getByRole('tab', { name: 'Things' }).click();
      await page.getByLabel('Show Label Header in the Thing List').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
      const saved = await (await api.get(`/api/orgsettings?site=${site}`)).json();
      expect(saved.thingHeaders).toContain('label');

      // Restore through the screen.
      await page.getByRole('tab', { name: 'Labels' }).click();
      await page.getByLabel('Item Label').fill(original.itemLabel);
      await page.getByLabel('Worker Label').fill(original.workerLabel);
      await page.getByLabel('Hide Workers').setChecked(original.hideWorkers);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(menu(page).getByRole('link', { name: original.workerLabel })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: original.itemLabel, exact: true })).toBeVisible();
    } finally {
      expect((await api.post(`/api/orgsettings?site=${site}`, original)).ok()).toBeTruthy();
    }
  });

  test('an empty label is refused with the fixed message', async ({ page }) => {
    await signIn(page);
    await page.goto('/settings');
    await page.getByLabel('Item Label').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Item Label in the Labels tab is a required field.')).toBeVisible();
  });
});

test.describe('sites', () => {
  test('adds a site with its report settings, shows its endpoints, and deletes it', async ({ page }) => {
    const name = `Harbor Yard ${uniq()}`;
    await signIn(page);
    await menu(page).getByRole('link', { name: 'Sites' }).click();
    await expect(page.getByRole('heading', { name: 'Sites', exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Main Warehouse' })).toContainText(
      /\d{4}\/\d{2}\/\d{2}/,
    );

    // A demo site lists its endpoints on the Endpoints tab.
    await page.getByRole('row').filter({ hasText: 'Main Warehouse' }).click();
    await page.getByRole('tab', { name: 'Endpoints' }).click();
    const endpoints = page.getByRole('table', { name: 'Endpoints of this site' });
    await expect(endpoints.getByRole('columnheader', { name: 'Auto Enroll' })).toBeVisible();
    await expect(endpoints.getByRole('row')).not.toHaveCount(1);
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByRole('button', { name: 'Add site' }).first().click();
    await expect(page.getByRole('tab', { name: 'Endpoints' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name in the Basic tab is a required field.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Container yard by the north gate');
    await page.getByLabel('City').fill('Rotterdam');
    await page.getByLabel('Country').fill('Netherlands');
    await page.getByRole('combobox', { name: 'Timezone' }).fill('Europe/Amster');
    await page.getByRole('option', { name: /Europe\/Amsterdam/ }).click();
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('combobox', { name: 'Emails' }).fill('not-an-email');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Emails in the Reports tab: Not a valid email address: not-an-email'),
    ).toBeVisible();
    // Backspace in the empty box removes the last address.
    await page.getByRole('combobox', { name: 'Emails' }).press('Backspace');
    await page.getByRole('combobox', { name: 'Emails' }).fill('yard-reports@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Container yard by the north gate');
    await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2}/);
    await closeErrorBar(page);
    await page.screenshot({ path: `${SCREENSHOTS}/sites.png` });

    await row.click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue(/Europe\/Amsterdam/);
    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(page.getByText('yard-reports@example.com')).toBeVisible();
    await page.getByRole('tab', { name: 'Endpoints' }).click();
    await expect(page.getByText('No endpoints at this site')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();

    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this site? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});

test.describe('organizations and SSO', () => {
  test('enabling Okta with complete SSO settings shows the SSO Settings menu; both are restored', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const orgs = await (await api.get('/api/organizations')).json();
    const org = orgs[0];
    const sso = await (await api.get('/api/ssosettings')).json();
    try {
      await signIn(page);
      await expect(menu(page).getByRole('link', { name: 'SSO Settings' })).toHaveCount(0);
      await menu(page).getByRole('link', { name: 'Organizations' }).click();
      await page.getByRole('row').filter({ hasText: org.name }).click();
      await expect(page.getByLabel('Subdomain')).toHaveValue(org.subdomain);
      await expect(page.getByLabel('Created Date')).toHaveValue(/\d{2}\/\d{2}\/\d{4}/);
      await page.getByLabel('Okta Enabled').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`Saved ${org.name}`)).toBeVisible();

      // Not in the menu yet (SSO is not available), but the screen is there for admins.
      await page.goto('/ssosettings');
      await page.getByLabel('Okta Issuer').fill('http://insecure.example.com');
      await page.getByRole('button', { name: 'Save' }).click();
      // One tab, none shown: the message names the field alone.
      await expect(page.getByText('Okta Issuer: Okta Issuer must be an https URL')).toBeVisible();
      await page.getByLabel('Okta Issuer').fill('https://sightline-test.okta.com/oauth2/default');
      await page.getByLabel('Okta Client ID').fill('0oa-test-client');
      await page.getByLabel('Okta Secret').fill('a-client-secret-value');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved SSO settings')).toBeVisible();
      await expect(page.getByLabel('Okta Secret')).toHaveValue('********');

      await page.reload();
      await expect(menu(page).getByRole('link', { name: 'SSO Settings' })).toBeVisible();
    } finally {
      await api.put('/api/ssosettings', sso);
      await api.put(`/api/organizations/${org._id}`, {
        name: org.name,
        subdomain: org.subdomain,
        oktaEnabled: org.oktaEnabled,
        entraEnabled: org.entraEnabled,
      });
    }
  });
});

test.describe('SSO settings for an Admin', () => {
  // axe is injected as a script tag, which the console's CSP (script-src 'self') would block.
  test.use({ bypassCSP: true });

  test('an Admin who is not a Super Admin reads the identity provider but changes only the second factor', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.sightline.local', DEMO_PASSWORD);
    await page.goto('/ssosettings');
    await expect(
      page.getByText('Only a Super Admin may change the identity provider settings'),
    ).toBeVisible();
    for (const label of ['Okta Issuer', 'Okta Client ID', 'Okta Secret', 'Entra Tenant']) {
      await expect(page.getByLabel(label)).toBeDisabled();
    }
    await expect(page.getByLabel('Allow Super Admins to sign in with single sign-on')).toBeDisabled();
    await expect(page.getByLabel('Require two-factor authentication for password sign-in')).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/sso-settings-admin.png` });
  });
});
