/**
 * Organization Settings' Data retention and Storage tabs: the demo's Super Admin changes how long
 * raw sightings are kept (a bad value is named on its field, nothing saved), purges now and reads
 * the storage table; a Viewer reads both tabs and is offered nothing to change.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ALL_SITES, RETENTION_DEFAULTS, ROLE_IDS } from '@sightline/shared';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

test.use({ bypassCSP: true });

const PASSWORD = 'Quiet-Harbor-Lantern-42';

async function openTab(page: Page, tab: string) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Organization Settings' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

/** The header's Save saves the site's settings: shown on their tabs, never on retention's or storage's. */
async function expectSaveOnlyOnSettingsTabs(page: Page) {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await page.getByRole('tab', { name: 'Labels' }).click();
  await expect(save).toBeVisible();
  await page.getByRole('tab', { name: 'Data retention' }).click();
  await expect(page.getByText('Every read a reader reported')).toBeVisible();
  await expect(save).toHaveCount(0);
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByRole('table', { name: 'Storage by data class' })).toBeVisible();
  await expect(save).toHaveCount(0);
  await page.getByRole('tab', { name: 'Import' }).click();
  await expect(save).toBeVisible();
}

async function userWithRole(request: APIRequestContext, role: string, name: string) {
  const api = await adminApi(request);
  const email = `retention-${uniq()}@example.com`;
  const made = await api.post('/api/users?send-email=false', {
    name,
    username: email,
    roles: [role],
    securityCtx: { sites: [ALL_SITES] },
    password: PASSWORD,
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  return email;
}

test.afterAll(async ({ request }) => {
  const api = await adminApi(request);
  await api.put('/api/retention', RETENTION_DEFAULTS);
});

test('the Super Admin sets data retention, purges now and reads storage', async ({ page }) => {
  // A long journey: both tabs, a save, a reload, a purge and three screenshots.
  test.slow();
  await signIn(page);
  await openTab(page, 'Labels');
  await expectSaveOnlyOnSettingsTabs(page);
  await page.getByRole('tab', { name: 'Data retention' }).click();
  const sightings = page.getByLabel('Raw sightings: days kept');
  await expect(sightings).toHaveValue(String(RETENTION_DEFAULTS.sightings));
  await expect(page.getByText('Every read a reader reported')).toBeVisible();
  // The screen a person knows them by: the menu calls exceptions Alerts.
  await expect(
    page.getByText('Older alerts leave the Alerts list and the Exceptions report, resolved or not.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/retention.png`, fullPage: true });

  // A bad value is named on its field and nothing is saved.
  await sightings.fill('0');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText(/must be a whole number of days/)).toBeVisible();

  await sightings.fill('7');
  await page.getByLabel('Keep events forever').check();
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('Saved data retention')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Data retention' }).click();
  await expect(page.getByLabel('Raw sightings: days kept')).toHaveValue('7');
  await expect(page.getByLabel('Keep events forever')).toBeChecked();

  await page.getByRole('button', { name: 'Purge now' }).click();
  await expect(page.getByText(/Purged [\d,]+ expired records/)).toBeVisible();
  await closeErrorBar(page);

  await page.getByRole('tab', { name: 'Storage' }).click();
  const table = page.getByRole('table', { name: 'Storage by data class' });
  await expect(table.getByRole('rowheader', { name: 'Raw sightings' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Raw sightings.*7 days/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Events.*Forever/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Photos' })).toBeVisible();
  // The last row's name draws no line of its own under it, like the row's other cells.
  await expect(table.getByRole('rowheader', { name: 'Photos' })).toHaveCSS('border-bottom-width', '0px');
  await expect(
    table.getByRole('rowheader', {
      name: 'Sent mail Shared by all organizations: mail is not kept per organization',
    }),
  ).toBeVisible();
  await expect(page.getByText('Next purge:')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/storage.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Data retention' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/retention-phone.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  // A phone reads every figure of every class in place: a card per class, nothing off the right edge.
  const cards = page.getByRole('list', { name: 'Storage by data class' });
  const sightingsCard = cards
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Raw sightings' }) });
  for (const [term, value] of [
    ['Rows', /\d/],
    ['On disk (est.)', /\d/],
    ['Oldest record', /./],
    ['Kept', '7 days'],
  ] as const) {
    await expect(sightingsCard.locator('dt', { hasText: term })).toBeInViewport();
    const figure = sightingsCard.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(figure).toHaveText(value);
    await expect(figure).toBeInViewport();
  }
  await expect(cards.getByRole('heading', { name: 'Photos' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/storage-phone.png`, fullPage: true });
});

test('an Admin saves site settings but is offered no Save on the retention and storage tabs', async ({
  page,
  request,
}) => {
  await signIn(page, await userWithRole(request, ROLE_IDS.admin, 'Retention admin'), PASSWORD);
  await openTab(page, 'Labels');
  await expectSaveOnlyOnSettingsTabs(page);
  await page.getByRole('tab', { name: 'Data retention' }).click();
  // The built-in Admin reads the policy (changing it needs modify on organizations).
  await expect(page.getByText('You can view data retention but not change it')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/retention-admin.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByRole('table', { name: 'Storage by data class' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/storage-admin.png`, fullPage: true });
});

test('a Viewer reads data retention and storage but changes nothing', async ({ page, request }) => {
  await signIn(page, await userWithRole(request, ROLE_IDS.viewer, 'Retention viewer'), PASSWORD);
  await openTab(page, 'Data retention');
  await expect(page.getByText('You can view data retention but not change it')).toBeVisible();
  // The editor's notice is about the site's settings, not this tab's records.
  await expect(page.getByText("You can view this site's settings but not change it")).toHaveCount(0);
  await expect(page.getByLabel('Raw sightings: days kept')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save retention' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Purge now' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/retention-viewer.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page.getByRole('table', { name: 'Storage by data class' })).toBeVisible();
});
