/** Asset import: a sheet generated here is uploaded, mapped by keyboard, previewed and imported. */
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

// axe is injected as a script tag, which the console's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const hexTag = () =>
  Array.from({ length: 24 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Assets');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Picks an option of a mapping select with the keyboard. */
async function mapHeader(page: Page, header: string, field: string) {
  const select = page.getByRole('combobox', { name: `Asset field for ${header}` });
  await select.focus();
  await select.press('Enter');
  const option = page.getByRole('option', { name: field, exact: true });
  await expect(option).toBeVisible();
  await option.focus();
  await option.press('Enter');
  await expect(select).toHaveText(field);
}

test('imports a generated sheet: map, save mapping, preview, import, then the items are listed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // a dozen steps on a shared, loaded machine
  const api = await adminApi(request);
  const sites = await (await api.get('/api/sites?sort=name')).json();
  const site = sites[0]._id as string;
  const run = uniq();
  const existingTag = hexTag();
  const created = await api.post('/api/things', { name: `Old cart ${run}`, tag1: existingTag, site });
  expect(created.ok()).toBeTruthy();
  const category = `Imported ${run}`;
  const tags = [hexTag(), hexTag(), hexTag()];
  const xlsx = await sheet([
    ['Asset', 'EPC', 'Serial No', 'Group', 'Notes'],
    [`Pallet jack ${run}`, tags[0], 'PJ-1', category, 'Bay 4'],
    [
      `Torque wrench ${run}`,
      tags[1],
      'TW-9',
      category,
      { formula: 'CONCAT("Calibrated ","2024")', result: 'Calibrated 2024' },
    ],
    [`Cart ${run}`, existingTag, 'C-77', '', 'renamed by import'],
    [`Broken ${run}`, 'NOT-HEX', '', '', ''],
    [`Pallet jack again ${run}`, tags[0], 'PJ-2', '', ''],
    [`Ladder ${run}`, tags[2], 'L-3', '', ''],
  ]);

  await signIn(page);
  await menu(page).getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();

  // Only xlsx files.
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await expect(page.getByText('Only xlsx files accepted.')).toBeVisible();

  await page.getByTestId('import-file').setInputFiles({
    name: `assets-${run}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await expect(page.getByText(`assets-${run}.xlsx — sheet Assets, 6 rows`)).toBeVisible();

  // Obvious headers arrive mapped (no mapping is saved yet).
  const HEADERS = [
    ['Asset', 'name'],
    ['EPC', 'tags1'],
    ['Serial No', 'serial'],
    ['Group', 'categories'],
    ['Notes', 'description'],
  ] as const;
  for (const [header, field] of HEADERS)
    await expect(page.getByRole('combobox', { name: `Asset field for ${header}` })).toHaveText(field);

  // Preview with every header unmapped: the fixed text asking for a mapping.
  for (const [header] of HEADERS) await mapHeader(page, header, 'Not imported');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Please map headers to asset fields.')).toBeVisible();

  await mapHeader(page, 'Asset', 'name');
  await mapHeader(page, 'EPC', 'tags1');
  await mapHeader(page, 'Serial No', 'serial');
  await mapHeader(page, 'Group', 'categories');
  await mapHeader(page, 'Notes', 'description');
  // Each asset field once: 'name' is taken.
  await page.getByRole('combobox', { name: 'Asset field for Notes' }).click();
  await expect(page.getByRole('option', { name: 'name', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');

  await page.getByLabel('Mapping name').fill(`Supplier ${run}`);
  await page.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText('Header mapping saved')).toBeVisible();
  await page.getByRole('heading', { name: 'Map headers to asset fields' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/import-mapping.png` });
  // Dismissed as a person would, so it does not cover the preview.
  const saved = page.getByRole('status').filter({ hasText: 'Header mapping saved' });
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(saved).toBeHidden();

  await page.getByRole('button', { name: 'Preview' }).click();
  const summary = page.getByLabel('Preview summary');
  await expect(summary.getByText('3 new')).toBeVisible();
  await expect(summary.getByText('1 updates of existing items')).toBeVisible();
  await expect(summary.getByText('1 duplicates of earlier rows')).toBeVisible();
  await expect(summary.getByText('1 errors')).toBeVisible();
  const table = page.getByRole('table', { name: 'Import rows' });
  await expect(table.getByRole('row', { name: /Broken/ })).toContainText(
    'tags must be 1 to 128 hex characters',
  );
  await expect(table.getByRole('row', { name: /again/ })).toContainText('same tag as row 2');
  await expectAccessible(page, '#import-screen');
  await summary.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SCREENSHOTS}/import-preview.png` });

  await page.getByRole('button', { name: 'Import 6 rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: '5 of 6 items uploaded' })).toBeVisible();
  await expect(page.getByText(`Created new category: ${category}`)).toBeVisible();
  await expect(table.getByRole('row', { name: /Cart/ })).toContainText('complete duplicate');
  await expect(table.getByRole('row', { name: /Ladder/ })).toContainText('complete');
  await expectAccessible(page, '#import-screen');

  // The mapping is offered again for a sheet with these headers.
  await page.getByTestId('import-file').setInputFiles({
    name: 'again.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await expect(page.getByLabel('Mapping name')).toHaveValue(`Supplier ${run}`);
  await expect(page.getByRole('combobox', { name: 'Asset field for EPC' })).toHaveText('tags1');

  await menu(page).getByRole('link', { name: 'Items' }).click();
  await page.getByRole('textbox', { name: 'Search Items' }).fill(run);
  await expect(page.getByRole('row', { name: new RegExp(`Torque wrench ${run}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Pallet jack again ${run}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Cart ${run}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Old cart ${run}`) })).toHaveCount(0);
});
