/**
 * A list past the capped total (at 10,000; docs/decisions/0013-list-totals-capped.md): 10,001
 * items in a site of their own, so no other journey's lists change. They go in through the bulk
 * import API (batches of 2,000 in one transaction each): the journeys' server runs on embedded
 * PGlite in its own process, which a test cannot reach with SQL.
 */
import { expect, test } from '@playwright/test';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

const ITEMS = 10_001;
const BATCH = 2000;

test('a list of more than 10,000 items says "10,000+ records" and "1–25 of 10,000+"', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await adminApi(request);
  const run = uniq();
  const created = await api.post('/api/sites', {
    name: `Scale ${run}`,
    startDate: '2024-01-01',
    timezone: { id: 'Europe/London' },
  });
  expect(created.ok()).toBeTruthy();
  const site = ((await created.json()) as { _id: string })._id;
  const headers = ['Name', 'Serial'];
  const mapping = { Name: 'name', Serial: 'serial' };
  for (let from = 0; from < ITEMS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ITEMS - from) }, (_, i) => ({
      line: from + i + 2,
      cells: [`Crate ${run} ${from + i + 1}`, `SC-${from + i + 1}`],
    }));
    const res = await api.post(`/api/import/rows?site=${site}`, { mapping, headers, rows });
    expect(res.status(), await res.text()).toBe(200);
  }
  const listed = await api.get(`/api/things?site=${site}&class=item&limit=1`);
  expect(listed.headers()['x-total-count']).toBe('10000');
  expect(listed.headers()['x-total-capped']).toBe('true');

  await signIn(page);
  await page.goto(`/items?site=${site}`);
  await expect(page.getByRole('heading', { name: 'Items', exact: true })).toBeVisible();
  await expect(page.getByText('10,000+ records', { exact: true })).toBeVisible();
  await expect(page.getByText('1–25 of 10,000+', { exact: true })).toBeVisible();
  const rows = page.getByRole('row', { name: /^Open / });
  expect(await rows.count()).toBe(25);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/items-capped-total.png` });
  // The next page: the pager keeps saying "of 10,000+".
  await page.getByRole('button', { name: /next page/i }).click();
  await expect(page.getByText('26–50 of 10,000+', { exact: true })).toBeVisible();
  await expect(page.getByText('10,000+ records', { exact: true })).toBeVisible();

  // A search narrows it below the cap: an exact total again.
  await page.getByRole('textbox', { name: 'Search Items' }).fill('SC-10001');
  await expect(page).toHaveURL(/SC-10001/);
  await expect(page.getByText(/^[1-9]\d{0,3} records?$/)).toBeVisible();
  await expect(page.getByText('10,000+ records', { exact: true })).toHaveCount(0);
});
