/**
 * Images: upload three photos with progress, tag and categorise one in the detail
 * drawer, search and filter (the filter kept in the URL), select and export a zip, bulk delete by
 * query typing Delete, the thing Photo tab, and the phone list. Screenshots for docs/screenshots.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

/** A landscape-like test photo: sky, ground and a sun, with an optional GPS position. */
async function photo(sky: string, ground: string, gps?: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
    <rect width="960" height="720" fill="${sky}"/><rect y="430" width="960" height="290" fill="${ground}"/>
    <circle cx="720" cy="180" r="80" fill="#ffd54f"/><rect x="160" y="300" width="260" height="170" fill="#5d4037"/></svg>`;
  let img = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (gps)
    img = img.withExif({
      IFD0: { Make: 'Sightline', Model: 'Test Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 30/1',
      },
    });
  return img.toBuffer();
}

// axe is injected as a script tag, which the console's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });

async function siteOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/[?&]site=[0-9a-f]{24}/);
  return new URL(page.url()).searchParams.get('site') ?? '';
}

test('photo catalogue: upload, tag, search, chips, zip of a selection, bulk edit, delete by query', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const word = `crate${uniq()}`;
  const category = `Damage ${uniq()}`;
  expect((await api.post('/api/categories', { name: category })).ok()).toBeTruthy();
  await signIn(page);
  await page.getByRole('link', { name: 'Images', exact: true }).click();
  await expect(page).toHaveURL(/\/images\?/);
  expect(await siteOf(page)).toMatch(/^[0-9a-f]{24}$/);
  await expectAccessible(page, 'main');
  await expect(page.getByRole('heading', { name: 'Images' })).toBeVisible();

  // Upload three photos: per-file progress and '{n} of {total} items uploaded'.
  const yard = await photo('#b3e5fc', '#66bb6a');
  const gate = await photo('#ffe0b2', '#9e9e9e');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles([
    { name: `${word}-dock.jpg`, mimeType: 'image/jpeg', buffer: await photo('#90caf9', '#8d6e63', true) },
    { name: `${word}-yard.jpg`, mimeType: 'image/jpeg', buffer: yard },
    { name: `${word}-gate.jpg`, mimeType: 'image/jpeg', buffer: gate },
  ]);
  const dialog = page.getByRole('dialog', { name: 'Upload' });
  await expect(dialog.getByText('3 of 3 items uploaded')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await expect(
    dialog.getByRole('progressbar', { name: `Upload progress of ${word}-dock.jpg` }),
  ).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const tiles = page
    .getByRole('list', { name: 'Images' })
    .getByRole('button', { name: new RegExp(`^Open ${word}`) });
  await expect(tiles).toHaveCount(3);

  // Tag, categorise and comment the dock photo in the detail drawer.
  await page.getByRole('button', { name: `Open ${word}-dock.jpg` }).click();
  await expect(page.getByRole('heading', { name: `${word}-dock.jpg` })).toBeVisible();
  const drawer = page.getByRole('complementary', { name: 'Image information' });
  await expect(drawer.getByText('51.500000')).toBeVisible();
  await expect(drawer.getByText('Sightline Test Camera')).toBeVisible();
  await drawer.getByLabel('Tags').fill('damaged');
  await drawer.getByLabel('Tags').press('Enter');
  await drawer.getByLabel('Categories').click();
  await page.getByRole('option', { name: category }).click();
  await page.keyboard.press('Escape');
  await drawer.getByLabel('Comment').fill(`Dented ${word} on the dock`);
  // Leaving with unsaved changes asks Discard or Save.
  await page.getByRole('button', { name: 'Exit' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Cancel' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'image-detail.png') });
  await expectAccessible(page, 'main');
  // keyboard arrows move to the neighbours (the dock photo is the oldest of the three uploaded here:
  // one of them is its neighbour on the left; the demo's older photos follow on its right)
  await page.getByRole('heading', { name: `${word}-dock.jpg` }).click();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { name: new RegExp(`^${word}-`) })).not.toHaveText(
    `${word}-dock.jpg`,
  );
  await page.getByRole('button', { name: 'Exit' }).click();

  // The grid shows the chips; search by tag keeps the filter in the URL.
  await expect(page.getByText(category).first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'images-grid.png') });
  await expectAccessible(page, 'main');
  await page.getByRole('button', { name: 'Search' }).click();
  const bar = page.getByRole('region', { name: 'Search images' });
  await bar.getByRole('combobox', { name: 'Tags' }).fill('damaged');
  await bar.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await expect(page).toHaveURL(/tag=damaged/);
  await expect(tiles).toHaveCount(1);
  await expect(page.getByText(/^1 image matches the filter$/)).toBeVisible();
  await bar.getByLabel('Search', { exact: true }).fill(word);
  await bar.getByLabel('Search', { exact: true }).press('Enter');
  await bar.getByLabel('Partial').click();
  await expect(page).toHaveURL(/partial=true/);
  await expectAccessible(page, 'main');
  await page.reload();
  await expect(tiles).toHaveCount(1);

  // Each filter chip is a button named by its text; Backspace or Delete on it removes that part.
  const chips = page.getByRole('list', { name: 'Active filters' });
  await chips.getByRole('button', { name: `Search: ${word}` }).press('Backspace');
  await expect(page).not.toHaveURL(/search=/);
  await expect(tiles).toHaveCount(1);
  await chips.getByRole('button', { name: 'Tag: damaged' }).press('Delete');
  await expect(page).not.toHaveURL(/tag=damaged/);
  await expect(tiles).toHaveCount(3);
  await chips.getByRole('button', { name: 'Partial' }).press('Delete');
  await expect(chips).toHaveCount(0);

  // Select two photos and export them as a zip holding exactly those originals.
  await page.getByRole('button', { name: 'Select images' }).click();
  await page.getByRole('button', { name: `Select ${word}-yard.jpg` }).click();
  await page.getByRole('button', { name: `Select ${word}-gate.jpg` }).click();
  await expect(page.getByText(/^2 selected · /)).toBeVisible();
  await expect(page.getByRole('button', { name: `Deselect ${word}-gate.jpg` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Download Individual Images' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Download CSV Data' })).toBeVisible();
  await expectAccessible(page, '[role="menu"]');
  const zipDownload = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Download Zipped Images' }).click();
  const zipFile = await zipDownload;
  expect(zipFile.suggestedFilename()).toMatch(/^images-.*\.zip$/);
  const zip = await JSZip.loadAsync(readFileSync(await zipFile.path()));
  expect(Object.keys(zip.files).sort()).toEqual([`${word}-gate.jpg`, `${word}-yard.jpg`]);
  expect((await zip.file(`${word}-yard.jpg`)?.async('nodebuffer'))?.equals(yard)).toBe(true);
  expect((await zip.file(`${word}-gate.jpg`)?.async('nodebuffer'))?.equals(gate)).toBe(true);

  // Bulk edit of the selection: both get a tag, then the selection is cleared.
  const bin = `bin${uniq()}`;
  await page.getByRole('button', { name: 'Edit images' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit 2 selected images' });
  await edit.getByRole('combobox', { name: 'Add Tags' }).fill(bin);
  await edit.getByRole('combobox', { name: 'Add Tags' }).press('Enter');
  await expectAccessible(page, '[role="dialog"]');
  await edit.getByRole('button', { name: 'Save' }).click();
  const savedNote = page.getByRole('status').filter({ hasText: 'Saved 2 images' });
  await expect(savedNote).toBeVisible();
  await savedNote.getByRole('button', { name: 'Close' }).click();
  await expect(savedNote).toHaveCount(0);
  await expect(edit).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByText(/selected · /)).toHaveCount(0);

  // Bulk delete by query: filter by that tag, then confirm by typing Delete.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await bar.getByRole('combobox', { name: 'Tags' }).fill(bin);
  await bar.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`tag=${bin}`));
  await expect(tiles).toHaveCount(2);
  await expect(page.getByText('2 images match the filter')).toBeVisible();
  // The README's search screenshot: the open search bar above the two tiles it leaves.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.mouse.click(940, 700); // blank space beside the tiles: the focus leaves the Tags field
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'images-search.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Delete images' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 images matching the filter?' });
  await expect(confirm.getByText('Enter "Delete" to delete images.')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await confirm.getByLabel('Type Delete').fill('Delet');
  await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await confirm.getByLabel('Type Delete').fill('delete');
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Deleted 2 images')).toBeVisible();
  await expect(tiles).toHaveCount(0);
  await expect(page.getByText('No images match the filter.')).toBeVisible();
  await bar.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(tiles).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Open ${word}-dock.jpg` })).toBeVisible();
});

test('the thing Photo tab uploads into the thing; phones get a list', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const word = `kit${uniq()}`;
  await signIn(page);
  const site = await siteOf(page);
  const res = await api.post('/api/things', { name: `Kit ${word}`, site });
  expect(res.ok(), await res.text()).toBeTruthy();
  const thing = (await res.json()) as { _id: string };

  // The thing editor's Photo tab: empty, then two photos uploaded straight into it.
  await page.goto(`/items/${thing._id}?site=${site}`);
  await page.getByRole('tab', { name: 'Photo' }).click();
  await expect(page.getByText('No photos of this thing yet.')).toBeVisible();
  await expectAccessible(page, 'main');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  await (await chooser).setFiles([
    { name: `${word}-front.jpg`, mimeType: 'image/jpeg', buffer: await photo('#d1c4e9', '#795548') },
    { name: `${word}-back.jpg`, mimeType: 'image/jpeg', buffer: await photo('#c8e6c9', '#607d8b', true) },
  ]);
  const dialog = page.getByRole('dialog', { name: 'Upload' });
  await expect(dialog.getByText('2 of 2 items uploaded')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const photos = page.getByRole('list', { name: 'Photos' });
  await expect(photos.getByRole('button', { name: /^Open / })).toHaveCount(2);
  await expect(page.getByText('2 photos')).toBeVisible();
  await expect(photos.getByText('Things', { exact: true })).toHaveCount(2);
  await expectAccessible(page, 'main');
  const saved = (await (await api.get(`/api/things/${thing._id}`)).json()) as { photo: string[] };
  expect(saved.photo).toHaveLength(2);
  // A photo opens in the detail view.
  await photos.getByRole('button', { name: `Open ${word}-back.jpg` }).click();
  await expect(page.getByRole('heading', { name: `${word}-back.jpg` })).toBeVisible();

  // Phone (390x844): the catalogue is a list of minis with their chips; a row opens the photo.
  await page.setViewportSize({ width: 390, height: 844 });
  const [front] = saved.photo;
  const meta = (await (await api.get(`/api/images/${front}/meta`)).json()) as {
    categories: { id: string }[];
  };
  const put = await api.put(`/api/images/${front}/meta`, {
    annotation: 'All six parts in the case',
    tags: ['complete', 'checked'],
    categories: meta.categories.map((c) => c.id),
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  const things = (await (await api.get('/api/categories?limit=100')).json()) as {
    _id: string;
    name: string;
  }[];
  const category = things.find((c) => c.name === 'Things')?._id;
  expect(category).toBeTruthy();
  await page.goto(`/images?site=${site}&category=${category}`);
  const rows = page.getByRole('list', { name: 'Images' }).getByRole('button', { name: /^Open / });
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('2 images match the filter')).toBeVisible();
  await expect(page.getByRole('button', { name: `Open ${word}-front.jpg` })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Category: Things' }),
  ).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'images-phone.png') });
  await expectAccessible(page, 'main');
  await page.getByRole('button', { name: `Open ${word}-front.jpg` }).click();
  await expect(page.getByRole('heading', { name: `${word}-front.jpg` })).toBeVisible();
  await expectAccessible(page, 'main');
});
