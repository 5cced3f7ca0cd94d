/**
 * Items and workers: the list the console lands on, fuzzy search kept in the URL,
 * add / edit / delete, the thing editor's Events, Zone History and Parents/Children tabs, and
 * the XLSX download. Things the journey changes are its own (created here, deleted at the end);
 * demo things are only moved (as the reader simulator does all the time) and looked at.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { adminApi, DEMO_PASSWORD, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

type Api = Awaited<ReturnType<typeof adminApi>>;
interface Thing {
  _id: string;
  name: string;
  tag1: string;
  zone: string | null;
}

/** The selected site, once the console has put it in the URL. */
async function siteOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/[?&]site=[0-9a-f]{24}/);
  return new URL(page.url()).searchParams.get('site') ?? '';
}

async function zoneId(api: Api, site: string, name: string): Promise<string> {
  const zones = (await (await api.get(`/api/zones?site=${site}&limit=100`)).json()) as {
    _id: string;
    name: string;
  }[];
  const zone = zones.find((z) => z.name === name);
  if (!zone) throw new Error(`no zone ${name}`);
  return zone._id;
}

async function createThing(api: Api, site: string, name: string, tag: string): Promise<Thing> {
  const res = await api.post('/api/things', { name, serial: `SN-${tag.slice(-6)}`, tag1: tag, site });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Thing;
}

/** Lets progress bars finish and tab indicators and buttons end their transitions before a screenshot. */
async function settle(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(400);
}

const hexTag = () =>
  `E2E${Date.now().toString(16).toUpperCase()}${uniq()
    .replace(/[^0-9a-f]/g, '0')
    .toUpperCase()}`;

test('the items list shows demo items with zones, searches, and downloads XLSX', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/items/);
  await expect(page.getByRole('heading', { name: 'Items', exact: true })).toBeVisible();
  const rows = page.getByRole('row', { name: /^Open / });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(25);
  // Demo items stand in the demo zones and carry categories; the newest zone entry is first.
  await expect(
    page.getByRole('cell', { name: /Receiving|Storage A|Storage B|Break Room/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Zone Entry Time' })).toBeVisible();
  await expect(rows.first()).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} (am|pm)/);
  await closeErrorBar(page);
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/items.png` });

  // Fuzzy search (one letter wrong) narrows the list and stays in the URL.
  const search = page.getByRole('textbox', { name: 'Search Items' });
  await search.fill('Multimeterr');
  await expect(page).toHaveURL(/search=Multimeterr/);
  await expect(rows.first()).toContainText('Fluke 117 Multimeter');
  const subtitle = page.getByText(/^\d+ records?$/);
  await expect(subtitle).not.toHaveText('200 records');
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(25);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Multimeter');
  // The URL restores the search after a reload.
  await page.reload();
  await expect(search).toHaveValue('Multimeterr');
  await expect(rows.first()).toContainText('Fluke 117 Multimeter');

  // Download XLSX: a real spreadsheet (a zip file starting with PK).
  await search.fill('');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  // On a phone the list becomes one tappable row per item, still with its zone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('items-phone.png') });
});

test('adds an item, renames it, and deletes it from the list', async ({ page }) => {
  const id = uniq();
  const name = `Pallet jack ${id}`;
  const renamed = `Pallet jack PJ-${id}`;
  await signIn(page);
  await page.getByRole('button', { name: 'Add item' }).first().click();
  await expect(page).toHaveURL(/\/items\/new/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Serial').fill(`PJ-${id}`);
  await page.getByLabel('Tag 1').fill('zz-not-hex');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag 1: tags must be 1 to 128 hex characters')).toBeVisible();
  await page.getByLabel('Tag 1').fill(hexTag());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  await expect(page).toHaveURL(/\/items(\?|$)/);

  // Open it from the list, rename it, save: the list shows the new name.
  const search = page.getByRole('textbox', { name: 'Search Items' });
  await search.fill(id);
  await page.getByRole('row', { name: `Open ${name}` }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByText('Not in a zone')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${renamed}`)).toBeVisible();
  await expect(page).toHaveURL(/\/items\?/);
  await search.fill(id);
  await expect(page.getByRole('row', { name: `Open ${renamed}` })).toBeVisible();

  // Delete with the row's icon and the list's delete confirmation.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete this item? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: `Open ${renamed}` })).toHaveCount(0);
});

test('a thing that moved shows its events and zone history', async ({ page, request }) => {
  const api = await adminApi(request);
  await signIn(page);
  const site = await siteOf(page);
  const categories = (await (await api.get('/api/categories?limit=100')).json()) as {
    _id: string;
    name: string;
  }[];
  const tools = categories.find((c) => c.name === 'Tools');
  const tag = hexTag();
  const res = await api.post('/api/things', {
    name: `Hilti TE 30 Rotary Hammer ${uniq()}`,
    description: 'Heavy rotary hammer for anchor drilling; kept charged on rack A4.',
    serial: 'HTE30-0042',
    tag1: tag,
    categories: tools ? [tools._id] : [],
    labels: ['Calibrated', 'High Value'],
    site,
  });
  expect(res.ok()).toBeTruthy();
  const thing = (await res.json()) as Thing;
  // Move it by hand (POST api/event, as if a gate saw it): Receiving, then Storage B, so one stay
  // is closed.
  for (const zone of ['Receiving', 'Storage B']) {
    const moved = await api.post('/api/event', { tag, zone: await zoneId(api, site, zone) });
    expect(moved.ok()).toBeTruthy();
  }

  await page.goto(`/things/${thing._id}?site=${site}`);
  await expect(page.getByRole('heading', { name: thing.name })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(thing.name);
  await expect(
    page.getByRole('tabpanel', { name: 'Basic' }).getByText('Storage B', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Photo' })).toBeVisible();
  await closeErrorBar(page);
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/thing-basic.png` });

  await page.getByRole('tab', { name: 'Events' }).click();
  const events = page.getByRole('table', { name: 'Events' });
  await expect(events.getByRole('row').filter({ hasText: 'Storage B' }).first()).toBeVisible();
  await expect(events.getByRole('row').filter({ hasText: 'Receiving' }).first()).toContainText(tag.slice(-8));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expect(events.getByRole('row').filter({ hasText: 'Storage B' }).first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/thing-events.png` });

  await page.getByRole('tab', { name: 'Zone History' }).click();
  const history = page.getByRole('table', { name: 'Zone history' });
  await expect(history.getByRole('row').filter({ hasText: 'Still here' })).toContainText('Storage B');
  await expect(history.getByRole('row').filter({ hasText: 'Receiving' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Last 30 Days' }).click();
  await expect(history.getByRole('row').filter({ hasText: 'Receiving' })).toHaveCount(1);
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/thing-zone-history.png` });

  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page.getByText('Sensor Value (cFloat0)')).toBeVisible();
  await expect(page.getByText('Last Endpoint Time')).toBeVisible();
  await api.delete(`/api/things/${thing._id}`);
});

test('links a child and a parent on Parents/Children and unlinks them through the dialog', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  await signIn(page);
  const site = await siteOf(page);
  const id = uniq();
  const kit = await createThing(api, site, `Survey kit ${id}`, hexTag());
  const part = await createThing(api, site, `Laser level ${id}`, hexTag());

  // The demo kit and its children, as a person would first see the tab.
  const kits = (await (await api.get(`/api/things?site=${site}&search2=FSK-01&limit=1`)).json()) as Thing[];
  if (kits[0]) {
    await page.goto(`/things/${kits[0]._id}?site=${site}`);
    await page.getByRole('tab', { name: 'Parents/Children' }).click();
    const kitChildren = page.getByRole('table', { name: 'Children' });
    await expect(kitChildren.getByRole('row').filter({ hasText: 'Fluke 117 Multimeter' })).toBeVisible();
    await expect(kitChildren.getByRole('row')).toHaveCount(5);
    await closeErrorBar(page);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}/thing-links.png` });
  }

  await page.goto(`/items/${kit._id}?site=${site}`);
  await page.getByRole('tab', { name: 'Parents/Children' }).click();
  await expect(page.getByRole('button', { name: 'Children' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No children')).toBeVisible();
  await page.getByRole('button', { name: 'Add child' }).click();
  await page.getByRole('textbox', { name: 'Search things to link as child' }).fill(part.name);
  await page.getByRole('button', { name: `Link ${part.name}` }).click();
  await expect(page.getByText(`Saved ${part.name}`)).toBeVisible();
  // A linked row shows an unlink icon.
  await expect(page.getByRole('button', { name: `Unlink ${part.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  const children = page.getByRole('table', { name: 'Children' });
  await expect(children.getByRole('row').filter({ hasText: part.name })).toBeVisible();

  await children.getByRole('button', { name: `Unlink ${part.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlink child' });
  await expect(dialog).toContainText(`Remove ${part.name} from the children of ${kit.name}?`);
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Child Successfully Unlinked')).toBeVisible();
  await expect(page.getByText('No children')).toBeVisible();

  // The other way round: from the part, add the kit as its parent, then unlink it.
  await page.goto(`/items/${part._id}?site=${site}`);
  await page.getByRole('tab', { name: 'Parents/Children' }).click();
  await page.getByRole('button', { name: 'Parents' }).click();
  await page.getByRole('button', { name: 'Add parent' }).click();
  await page.getByRole('textbox', { name: 'Search things to link as parent' }).fill(kit.name);
  await page.getByRole('button', { name: `Link ${kit.name}` }).click();
  await expect(page.getByText(`Saved ${part.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  const parents = page.getByRole('table', { name: 'Parents' });
  await parents.getByRole('button', { name: `Unlink ${kit.name}` }).click();
  await page.getByRole('dialog', { name: 'Unlink parent' }).getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Parent Successfully Unlinked')).toBeVisible();
  await expect(page.getByText('No parents')).toBeVisible();

  // An edit of the part after the link changes keeps its (now empty) parents.
  const saved = (await (await api.get(`/api/things/${part._id}`)).json()) as { parents: string[] };
  expect(saved.parents).toEqual([]);
  await api.delete(`/api/things/${part._id}`);
  await api.delete(`/api/things/${kit._id}`);
});

test('a Viewer reads items and their kits but cannot add, edit, delete or link', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  await signIn(page, 'viewer@demo.sightline.local', DEMO_PASSWORD);
  const site = await siteOf(page);
  const kits = (await (await api.get(`/api/things?site=${site}&search2=FSK-01&limit=1`)).json()) as Thing[];
  const kit = kits[0];
  if (!kit) throw new Error('the demo kit FSK-01 is missing');

  // The list: rows, but no Add button and no delete icons.
  await page.goto(`/items?site=${site}`);
  await expect(page.getByRole('heading', { name: 'Items', exact: true })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // The editor: fields disabled, no Save or Delete, the read-only notice.
  await page.goto(`/things/${kit._id}?site=${site}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(kit.name);
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByText('You can view this item but not change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Parents/Children: the kit's children are listed, with no link, unlink or add controls.
  await page.getByRole('tab', { name: 'Parents/Children' }).click();
  const children = page.getByRole('table', { name: 'Children' });
  await expect(children.getByRole('row').filter({ hasText: 'Fluke 117 Multimeter' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Unlink|Link) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add child' })).toHaveCount(0);
});
