/** Configuration screens: zones with gates, maps, location tags and categories, driven as a person would. */
import { expect, type Page, test } from '@playwright/test';
import { SCREENSHOTS, signIn, uniq } from './fixtures';

/** A random EPC-like tag (hex). */
const hexTag = () =>
  Array.from({ length: 24 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A select's accessible name is its label followed by its current value. */
const select = (page: Page, label: string) =>
  page.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });

async function chooseOption(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('configuration', () => {
  test('creates a zone with a gate; alert time stays in minutes; a gate needs its endpoint', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/zones');
    await expect(page.getByRole('heading', { name: 'Zones' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Open Receiving' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/zones.png` });

    const name = `Loading Bay ${uniq()}`;
    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Alert Time', { exact: true }).fill('45');
    const emails = page.getByLabel('Alert Emails');
    await emails.fill('bay-team@example.com');
    await emails.press('Enter');
    await expect(page.getByRole('button', { name: 'bay-team@example.com' })).toBeVisible();

    // A gate without an endpoint is refused with the fixed required-field text.
    await page.getByRole('tab', { name: 'Gates' }).click();
    await page.getByRole('button', { name: 'Add gate' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Endpoint in the Gates tab: Please select an value')).toBeVisible();
    await expect(
      page.locator('.MuiFormHelperText-root', { hasText: 'Please select an value' }),
    ).toBeVisible();

    await chooseOption(page, 'Endpoint', 'Receiving Dock Reader');
    await chooseOption(page, 'Direction', 'IN');
    await chooseOption(page, 'Antenna', '2');
    await expect(page.getByText('Please select an value')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/zone-gates.png` });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/zones(\?|$)/);

    const row = page.getByRole('row', { name: `Open ${name}` });
    await expect(row).toContainText('45 min');
    await row.click();
    await expect(page.getByLabel('Alert Time', { exact: true })).toHaveValue('45');
    await page.reload();
    await expect(page.getByLabel('Alert Time', { exact: true })).toHaveValue('45');
    await expect(page.getByRole('button', { name: 'bay-team@example.com' })).toBeVisible();
    await page.getByRole('tab', { name: 'Gates' }).click();
    await expect(select(page, 'Endpoint')).toHaveText('Receiving Dock Reader');
    await expect(select(page, 'Direction')).toHaveText('IN');
    await expect(select(page, 'Antenna')).toHaveText('2');

    // Clean up through the editor's Delete.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/zones(\?|$)/);
    await expect(page.getByRole('row', { name: `Open ${name}` })).toHaveCount(0);
  });

  test('rejects an invalid alert email', async ({ page }) => {
    await signIn(page);
    await page.goto('/zones/new');
    await page.getByLabel('Name', { exact: true }).fill(`Bad Mail ${uniq()}`);
    await page.getByLabel('Alert Emails').fill('not-an-email');
    await page.getByLabel('Alert Emails').press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Alert Emails in the Basic tab: Not a valid email address: not-an-email'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/zones\/new/);
  });

  test('creates and deletes a location tag', async ({ page }) => {
    await signIn(page);
    await page.goto('/locationtags');
    await expect(page.getByRole('heading', { name: 'Location Tags' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Open Receiving Marker' })).toContainText('Receiving');
    await page.screenshot({ path: `${SCREENSHOTS}/locationtags.png` });

    const name = `Aisle ${uniq()}`;
    const tag = hexTag();
    await page.getByRole('button', { name: 'Add location tag' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name in the Basic tab is a required field.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Tag', { exact: true }).fill(tag.toLowerCase());
    await chooseOption(page, 'Zone', 'Storage A');
    await chooseOption(page, 'Map', 'Main Warehouse Floor Plan');
    await page.getByLabel('Coordinate X').fill('120.5');
    await page.getByLabel('Coordinate Y').fill('80');
    await page.getByRole('tab', { name: 'QR Code' }).click();
    await expect(page.getByRole('img', { name: `QR code: ${tag}` })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();

    const row = page.getByRole('row', { name: `Open ${name}` });
    await expect(row).toContainText(tag);
    await expect(row).toContainText('120.5, 80');
    await expect(row).toContainText('Storage A');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(
      page.getByText('Are you sure you want to delete this location tag? This action cannot be undone.'),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
  });

  test('creates and deletes a category with a QR code', async ({ page }) => {
    await signIn(page);
    await page.goto('/categories');
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    const name = `Fragile ${uniq()}`;
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Handle with care');
    await page.getByLabel('Hidden').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();

    const row = page.getByRole('row', { name: `Open ${name}` });
    await expect(row).toContainText('Hidden');
    await row.click();
    await page.getByRole('tab', { name: 'QR Code' }).click();
    await expect(page.getByRole('img', { name: /^QR code: / })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.png$/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/categories(\?|$)/);
    await expect(page.getByRole('row', { name: `Open ${name}` })).toHaveCount(0);
  });

  test('shows a map with its image, uploads a new one, and links map views from the menu', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/maps');
    await expect(page.getByRole('heading', { name: 'Maps' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Open Main Warehouse Floor Plan' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/maps.png` });

    // The main menu's Maps entry lists this site's maps, each linking to its map view.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Maps', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Main Warehouse Floor Plan' })).toHaveAttribute(
      'href',
      /\/mapview\/[0-9a-f]{24}\?site=/,
    );

    await page.getByRole('row', { name: 'Open Main Warehouse Floor Plan' }).click();
    const image = page.getByRole('img', { name: 'Map image: Main Warehouse Floor Plan' });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByLabel('Bottom Right X')).toHaveValue('1000');

    // A new map: the image is uploaded once the map exists.
    const name = `Mezzanine ${uniq()}`;
    await page.goto('/maps/new');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'mezzanine.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('mezzanine.png')).toBeVisible();
    await expect(page.getByRole('img', { name: `Map image: ${name}` })).toBeVisible();
    await page.getByLabel('Bottom Right X').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Bottom Right X: must differ from Top Left X')).toBeVisible();
    await page.getByLabel('Bottom Right X').fill('400');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/maps(\?|$)/);

    await page.getByRole('row', { name: `Open ${name}` }).click();
    const uploaded = page.getByRole('img', { name: `Map image: ${name}` });
    await expect.poll(() => uploaded.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row', { name: `Open ${name}` })).toHaveCount(0);
  });
});
