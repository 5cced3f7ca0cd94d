/**
 * The site's words and its hidden workers, as a user sees them: an item label of 'Assets' renames
 * every "item" of the console (menu, title, Add, search, the delete dialog, the new record's
 * title, the empty state); hideWorkers leaves the workers out of Home, Zone Status, Events, the
 * reports and the top search. Each test puts the settings back.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminApi, DEMO_PASSWORD, SCREENSHOTS, signIn } from './fixtures';

type Api = Awaited<ReturnType<typeof adminApi>>;

async function firstSite(api: Api): Promise<string> {
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  return sites[0]?._id ?? '';
}

async function saveSettings(api: Api, site: string, settings: Record<string, unknown>) {
  const res = await api.post(`/api/orgsettings?site=${site}`, settings);
  expect(res.ok(), await res.text()).toBeTruthy();
}

const menu = (page: Page) => page.getByRole('navigation');

test('a renamed item label renames every item of the console', async ({ page, request }) => {
  const api = await adminApi(request);
  const site = await firstSite(api);
  await saveSettings(api, site, { itemLabel: 'Assets' });
  try {
    await signIn(page);
    await page.goto(`/items?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Assets' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add asset' })).toBeVisible();
    await expect(page.getByPlaceholder('Search assets', { exact: true })).toBeVisible();
    await expect(page.getByPlaceholder('Search assets or screens')).toBeVisible();

    const row = page.getByRole('row', { name: /^Open / }).first();
    await row.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await expect(dialog).toContainText('Are you sure you want to delete this asset?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByPlaceholder('Search assets', { exact: true }).fill('zzzz-no-such-thing');
    await expect(page.getByText('Nothing in assets matches')).toBeVisible();

    await page.getByRole('button', { name: 'Add asset' }).click();
    await expect(page.getByRole('heading', { name: 'New asset' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('new-asset.png') });
  } finally {
    await saveSettings(api, site, { itemLabel: 'Items' });
  }
});

test('hideWorkers leaves the workers out of every screen', async ({ page, request }) => {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const workers = (await (await api.get(`/api/things?site=${site}&class=worker&limit=100`)).json()) as {
    name: string;
  }[];
  expect(workers.length).toBeGreaterThan(0);
  const names = workers.map((w) => w.name);
  const noWorkerOn = async (what: string) => {
    const text = (await page.locator('main').innerText()).toString();
    for (const name of names) expect(text, `${what} names the worker ${name}`).not.toContain(name);
  };

  await saveSettings(api, site, { hideWorkers: true });
  try {
    await signIn(page);
    await page.goto(`/home?site=${site}`);
    await expect(page.getByTestId('zone-overview-chart')).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Workers' })).toHaveCount(0);
    await expect(page.getByTestId('zone-overview-chart')).not.toContainText('Workers');
    await expect(page.getByRole('list', { name: 'Open alerts' })).toBeVisible();
    await noWorkerOn('Home');
    await page.screenshot({ path: `${SCREENSHOTS}/home-workers-hidden.png`, fullPage: true });

    await page.goto(`/reports/zones?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Zone Status' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await noWorkerOn('Zone Status');

    await page.goto(`/events?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await noWorkerOn('Events');

    await page.goto(`/reports/zonedurations?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Zones History' })).toBeVisible();
    await expect(page.getByTestId('zone-time-chart')).toBeVisible();
    // The subtitle counts the stays once they are loaded (there may be none without the workers').
    await expect(page.getByText(/^\d+ stays?$/)).toBeVisible();
    await noWorkerOn('Zones History');

    // The top search: no Workers screen, and a worker's name finds nothing.
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('Work');
    await expect(page.getByRole('option', { name: 'Workers' })).toHaveCount(0);
    await search.fill(names[0] ?? '');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/items\?/);
    await expect(page.getByRole('row', { name: `Open ${names[0]}` })).toHaveCount(0);
  } finally {
    await saveSettings(api, site, { hideWorkers: false });
  }
});

test('a Viewer on a phone reads the renamed list, with nothing to add', async ({ page, request }) => {
  const api = await adminApi(request);
  const site = await firstSite(api);
  await saveSettings(api, site, { itemLabel: 'Assets' });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'viewer@demo.sightline.local', DEMO_PASSWORD);
    await page.goto(`/items?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Assets', exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ records$/)).toBeVisible();
    await expect(page.getByPlaceholder('Search assets or screens')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add asset' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/items-renamed-phone-viewer.png` });
  } finally {
    await saveSettings(api, site, { itemLabel: 'Items' });
  }
});
