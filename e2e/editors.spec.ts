/**
 * The editors as a person uses them: messages at the fields (the shared schemas' texts, tabs named
 * only where there are tabs), server field errors on their fields, unsaved edits guarded on every
 * way out, and deletions that open on Cancel. Keyboard and mouse, as Admin and as Viewer.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, DEMO_PASSWORD, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const helper = (page: Page, text: string) => page.locator('.MuiFormHelperText-root', { hasText: text });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function newZone(request: Parameters<typeof adminApi>[0]) {
  const api = await adminApi(request);
  const sites = await (await api.get('/api/sites?sort=name')).json();
  const name = `Guarded ${uniq()}`;
  const res = await api.post('/api/zones', { name, site: sites[0]._id });
  expect(res.ok()).toBeTruthy();
  const zone = await res.json();
  return { api, zone: zone as { _id: string; name: string }, site: sites[0]._id as string };
}

test.describe('sign-in pages', () => {
  test('an empty login names each field with the console texts and sends nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/login')) calls.push(r.url());
    });
    await page.goto('/login');
    await page.getByLabel('Email').press('Enter');
    await expect(helper(page, 'Please enter a valid email address')).toBeVisible();
    await expect(helper(page, 'Please enter a valid password')).toBeVisible();
    await expect(page.getByText(/Bad Request|is required/)).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeFocused();
    expect(calls).toEqual([]);
    await expectAccessible(page);

    // Typing clears the field's message; a wrong password gets the fixed login text only.
    await page.getByLabel('Email').fill('nobody@example.com');
    await expect(helper(page, 'Please enter a valid email address')).toHaveCount(0);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');

    await page.goto('/passwordreset/request');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(helper(page, 'Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').press('Enter');
    await expect(helper(page, 'Not a valid email address')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('editor validation', () => {
  test('Admin: a form without tabs shows each field its own message, never a tab', async ({ page }) => {
    await signIn(page);
    await page.goto('/users/new');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.getByLabel('Username').fill('not-an-email');
    await page.getByLabel('Username').press('Enter');
    await expect(helper(page, 'Required').first()).toBeVisible();
    await expect(helper(page, 'Not a valid email address')).toBeVisible();
    await expect(helper(page, 'You must select at least one item')).toBeVisible();
    await expect(page.getByText('Please fill out all required fields')).toBeVisible();
    await expect(page.getByText(/in the \w+ tab/)).toHaveCount(0);
    // The first field in error takes the focus.
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expectAccessible(page, 'main');
    await closeErrorBar(page);
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/editor-field-error-${label}.png` });
    }
    await page.setViewportSize(DESKTOP);
    // Leaving the new user: the edits are asked about.
    await menu(page).getByRole('link', { name: 'Users' }).click();
    await page
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page).toHaveURL(/\/users(\?|$)/);
  });

  test('Admin: a zone email the shared schema refuses is named at its field, with its tab', async ({
    page,
    request,
  }) => {
    const { api, zone } = await newZone(request);
    await signIn(page);
    await page.goto(`/zones/${zone._id}`);
    const emails = page.getByLabel('Alert Emails');
    await emails.fill('ops@example.com');
    await emails.press('Enter');
    await emails.fill('not-an-email');
    await emails.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Alert Emails in the Basic tab: Not a valid email address: not-an-email'),
    ).toBeVisible();
    await expect(helper(page, 'Not a valid email address: not-an-email')).toBeVisible();
    // Nothing was saved.
    expect((await (await api.get(`/api/zones/${zone._id}`)).json()).emails).toEqual([]);
    await api.delete(`/api/zones/${zone._id}`);
  });

  test('Viewer: a wrong current password is shown on its field, and the edits stay', async ({
    page,
    request,
  }) => {
    // A user of the Viewer role of its own, so a refused password counts against no shared account.
    const api = await adminApi(request);
    const roles = await (await api.get('/api/roles?sort=name')).json();
    const viewer = roles.find((r: { name: string }) => r.name === 'Viewer');
    const sites = await (await api.get('/api/sites?sort=name')).json();
    const email = `viewer-${uniq()}@example.com`;
    const created = await api.post('/api/users?send-email=false', {
      name: 'Vera Viewer',
      username: email,
      roles: [viewer.id ?? viewer._id],
      securityCtx: { sites: [sites[0]._id], companies: [] },
      password: DEMO_PASSWORD,
    });
    expect(created.ok()).toBeTruthy();
    await signIn(page, email, DEMO_PASSWORD);
    await page.goto('/userme');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Vera Viewer');
    await page.getByLabel('Name', { exact: true }).fill('Vera V.');
    await page.getByLabel('New Password', { exact: true }).fill('Quiet-Harbour-Lantern-81');
    await page.getByLabel('Verify New Password').fill('Quiet-Harbour-Lantern-81');
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('Current Password').press('Enter');
    await expect(helper(page, 'Current password is incorrect')).toBeVisible();
    await expect(page.getByText(/in the Profile tab/)).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Vera V.');

    // An empty current password: the field's own message, no tab named.
    await page.getByLabel('Current Password').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(helper(page, 'Enter your current password to change your email or password')).toBeVisible();
    await expect(page.getByText(/in the Profile tab/)).toHaveCount(0);
    await expectAccessible(page, 'main');

    // The Viewer's edits are guarded too: the side menu asks, Cancel stays with them.
    await menu(page).getByRole('link', { name: 'Home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/userme/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Vera V.');
    await menu(page).getByRole('link', { name: 'Home' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test('Viewer: a read-only editor has nothing to guard', async ({ page, request }) => {
    const { api, zone } = await newZone(request);
    await signIn(page, 'viewer@demo.sightline.local', DEMO_PASSWORD);
    await page.goto(`/zones/${zone._id}`);
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page, 'main');
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await api.delete(`/api/zones/${zone._id}`);
  });
});

test.describe('unsaved changes', () => {
  test('Admin: side menu, browser back and reload ask; a failed save keeps the edits', async ({
    page,
    request,
  }) => {
    const { api, zone } = await newZone(request);
    await signIn(page);
    // From the list to the editor, as a person goes, so browser back stays inside the console.
    await page.goto('/zones');
    await page.getByRole('row').filter({ hasText: zone.name }).click();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(zone.name);

    // No edits: leaving is free.
    await page.goBack();
    await expect(page).toHaveURL(/\/zones(\?|$)/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goForward();
    await expect(name).toHaveValue(zone.name);

    await name.fill(`${zone.name} renamed`);
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });

    // Side menu → Cancel (focused first): still here, edits kept.
    await menu(page).getByRole('link', { name: 'Home' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('This zone has changes that are not saved.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, '[role="dialog"]');
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/editor-unsaved-dialog-${label}.png` });
    }
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(name).toHaveValue(`${zone.name} renamed`);

    // Browser back → Save with an invalid entry: the save fails, the dialog closes, the edits stay.
    const emails = page.getByLabel('Alert Emails');
    await emails.fill('not-an-email');
    await emails.press('Enter');
    // The entry is a chip before the page is left (the form holds it only then).
    await expect(page.getByRole('button', { name: 'not-an-email' })).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/zones/${zone._id}`));
    await expect(helper(page, 'Not a valid email address: not-an-email')).toBeVisible();
    await expect(name).toHaveValue(`${zone.name} renamed`);
    expect((await (await api.get(`/api/zones/${zone._id}`)).json()).name).toBe(zone.name);

    // Fixed, then Save from the dialog: saved, and the navigation goes on.
    await page.getByRole('button', { name: 'not-an-email' }).locator('.MuiChip-deleteIcon').click();
    await closeErrorBar(page);
    await menu(page).getByRole('link', { name: 'Home' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/home/);
    expect((await (await api.get(`/api/zones/${zone._id}`)).json()).name).toBe(`${zone.name} renamed`);

    // Reload or close with edits: the browser's own prompt.
    await page.goto(`/zones/${zone._id}`);
    await name.fill('Changed again');
    const prompt = new Promise<string>((resolve) =>
      page.once('dialog', async (d) => {
        resolve(d.type());
        await d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    await api.delete(`/api/zones/${zone._id}`);
  });

  test('Admin: saving goes back to the list without asking', async ({ page, request }) => {
    const { api, zone } = await newZone(request);
    await signIn(page);
    await page.goto(`/zones/${zone._id}`);
    await page.getByLabel('Description').fill('Saved without a question');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/zones(\?|$)/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await api.delete(`/api/zones/${zone._id}`);
  });
});

test.describe('destructive dialogs', () => {
  test('Admin: Delete opens on Cancel, so Enter twice deletes nothing', async ({ page, request }) => {
    const { api, zone } = await newZone(request);
    await signIn(page);
    await page.goto(`/zones/${zone._id}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(zone.name);
    await page.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, '[role="dialog"]');
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    expect((await api.get(`/api/zones/${zone._id}`)).ok()).toBeTruthy();

    // Deleting takes a deliberate choice of the red button.
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/zones(\?|$)/);
    expect((await api.get(`/api/zones/${zone._id}`)).status()).toBe(404);
  });
});
