/**
 * Audit Log: an Admin finds a zone's change by its filters, opens its before/after table and
 * downloads the rows; a Viewer meets the no-access page; the screen on a phone.
 */
import { expect, test } from '@playwright/test';
import { ROLE_IDS } from '@sightline/shared';
import { expectAccessible } from './a11y';
import { adminApi, firstSite, makeViewer, SCREENSHOTS, signIn, USER_PASSWORD, uniq } from './fixtures';

test('an Admin filters the audit log, opens a change and downloads the rows', async ({ page, request }) => {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const name = `Audited dock ${uniq()}`;
  const created = await api.post('/api/zones', { name, site });
  expect(created.ok(), await created.text()).toBeTruthy();
  const zone = await created.json();
  const renamed = await api.put(`/api/zones/${zone._id}`, {
    ...zone,
    name: `${name} B`,
    killDuration: 4,
    immediateKill: true,
  });
  expect(renamed.ok(), await renamed.text()).toBeTruthy();

  await signIn(page);
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', exact: true })).toBeVisible();
  await page.getByRole('group', { name: 'Quick date ranges' }).getByRole('button', { name: 'Today' }).click();
  await page.getByRole('combobox', { name: 'Resource' }).click();
  // Resources read as words, not as the API's keys; the stored key stays in the URL.
  await expect(page.getByRole('option', { name: 'Workers', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'Zones', exact: true }).click();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Update', exact: true }).click();
  await expect(page).toHaveURL(/resource=zones/);
  await expect(page).toHaveURL(/action=update/);
  const row = page.getByRole('row', { name: `Update of Zones ${name} B by Administrator` }).first();
  await expect(row).toBeVisible();
  // The record is named as a person knows it, never by its database id.
  await expect(row.getByRole('cell', { name: `${name} B`, exact: true })).toBeVisible();
  await expect(row.getByText(zone._id)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/audit-log.png` });

  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Update · Zones' });
  await expect(dialog).toBeVisible();
  // A user is named alone: no "(user)" after the name, and the record by its name.
  await expect(dialog.getByText(/· Administrator · .* · .* B$/)).toBeVisible();
  await expect(dialog.getByText('(user)')).toHaveCount(0);
  await expect(dialog.getByRole('cell', { name: name, exact: true })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: `${name} B`, exact: true })).toBeVisible();
  // Fields are named as the zone editor names them, never by their keys.
  const changed = dialog.getByRole('table', { name: 'Before and after' });
  for (const label of ['Name', 'Delete Delay (hours)', 'Immediate Kill'])
    await expect(changed.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  await expect(changed.getByText(/killDuration|immediateKill/)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/audit-diff.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-.*\.xlsx$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Audit Log', exact: true })).toBeVisible();
  // On a phone the row still says which record changed.
  await expect(page.getByText(`${name} B`, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/audit-log-phone.png` });
  await page.getByRole('button', { name: `Open Update of Zones ${name} B by Administrator` }).click();
  await expect(dialog.getByRole('rowheader', { name: 'Delete Delay (hours)', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/audit-diff-phone.png` });
});

test("an Admin reads an item's record by its name on every row, its id kept in the title", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const name = `Audited drill ${uniq()}`;
  const created = await api.post('/api/things', { name, class: 'item', site });
  expect(created.ok(), await created.text()).toBeTruthy();
  const item = (await created.json()) as { _id: string };

  await signIn(page);
  await page.goto('/audit?resource=things&action=create');
  const row = page.getByRole('row', { name: `Create of Things ${name} by Administrator` });
  const record = row.getByRole('cell', { name, exact: true });
  await expect(record).toBeVisible();
  await expect(record.getByTitle(item._id)).toHaveText(name);
  await expect(row.getByText(item._id)).toHaveCount(0);
  await expectAccessible(page, 'main');

  // An update that leaves the name alone still reads the record's name, not its id.
  const saved = (await (await api.get(`/api/things/${item._id}`)).json()) as Record<string, unknown>;
  const updated = await api.put(`/api/things/${item._id}`, { ...saved, description: 'Blue case' });
  expect(updated.ok(), await updated.text()).toBeTruthy();
  await page.goto('/audit?resource=things&action=update');
  const updateRow = page.getByRole('row', { name: `Update of Things ${name} by Administrator` });
  await expect(updateRow.getByRole('cell', { name, exact: true })).toBeVisible();
  await api.delete(`/api/things/${item._id}`);
});

test('a Viewer has no Audit Log and its page says so', async ({ page, request }) => {
  const api = await adminApi(request);
  const email = await makeViewer(api, 'Audit Viewer', 'audit-viewer');
  await signIn(page, email, USER_PASSWORD);
  await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  const url = new URL(page.url());
  await page.goto(`/audit${url.search}`);
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/audit-log-viewer.png` });
});

test("an Admin exports a worker's personal data and erases the worker after a confirmation", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const name = `Erasable Worker ${uniq()}`;
  const created = await api.post('/api/things', {
    name,
    class: 'worker',
    site,
    tag1: `E2801160${Date.now()}`,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const worker = await created.json();

  await signIn(page);
  await page.goto(`/workers/${worker._id}?site=${site}`);
  await expect(page.getByRole('button', { name: 'Erase', exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Personal Data' }).click();
  expect((await download).suggestedFilename()).toBe(`personal-data-${worker._id}.zip`);

  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('This cannot be undone.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/erase-dialog.png` });
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page).toHaveURL(/\/workers\?/);
  await expect(page.getByText(`Erased ${name}`)).toBeVisible();
  expect((await api.get(`/api/things/${worker._id}`)).status()).toBe(404);
});

test("an Admin of one site gets no personal-data export or erase: a worker's data spans every site", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  const site = sites[0]?._id ?? '';
  const created = await api.post('/api/things', {
    name: `Site Worker ${uniq()}`,
    class: 'worker',
    site,
    tag1: `E2801161${Date.now()}`,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const worker = await created.json();
  const email = `site-admin-${uniq()}@example.com`;
  const user = await api.post('/api/users?send-email=false', {
    name: 'Site Admin',
    username: email,
    roles: [ROLE_IDS.admin],
    securityCtx: { sites: [site] },
    password: USER_PASSWORD,
  });
  expect(user.ok(), await user.text()).toBeTruthy();

  await signIn(page, email, USER_PASSWORD);
  await page.goto(`/workers/${worker._id}?site=${site}`);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(worker.name);
  await expect(page.getByRole('button', { name: 'Export Personal Data' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Erase', exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
