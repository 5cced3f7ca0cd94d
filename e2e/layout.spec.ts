/**
 * Screens fit the window they are opened in: a tabbed editor on a phone opens at its first tab
 * with the selected tab in view (also after the window narrows), and the items list shows every
 * column at 1280 px without scrolling sideways, as does the events list with names that have no
 * spaces. As Admin, with the demo data.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, firstSite, ingest, makeReader, randomEpc, signIn, uniq } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// Shown whole, but for sub-pixel rounding at the strip's edge.
const WHOLE = { ratio: 0.99 };
const strip = (page: Page) => page.getByRole('tablist');
const selectedTab = (page: Page) => strip(page).getByRole('tab', { selected: true });

test.describe('editor tabs on a phone', () => {
  test('Admin: each tabbed editor opens at its first tab, selected tab in view, every tab reachable', async ({
    page,
    request,
  }, testInfo) => {
    const api = await adminApi(request);
    const [thing] = (await (await api.get('/api/things?limit=1&sort=name')).json()) as { _id: string }[];
    const [site] = (await (await api.get('/api/sites?limit=1&sort=name')).json()) as { _id: string }[];
    await signIn(page);
    await page.setViewportSize(PHONE);
    for (const [name, url] of [
      ['settings', '/settings'],
      ['thing', `/things/${thing?._id}`],
      ['site', `/sites/${site?._id}`],
    ] as const) {
      await page.goto(url);
      const tabs = strip(page).getByRole('tab');
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      await expect(tabs.first()).toBeInViewport(WHOLE);
      await expect(selectedTab(page)).toBeInViewport(WHOLE);
      // More tabs than the phone's width: the strip scrolls, and starts at its first tab.
      expect(await strip(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await strip(page).evaluate((el) => el.scrollLeft)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`tabs-phone-${name}.png`) });

      // The keyboard reaches the last tab and back; each focused tab is scrolled into view.
      await tabs.first().focus();
      await page.keyboard.press('End');
      await expect(tabs.last()).toBeFocused();
      await expect(tabs.last()).toBeInViewport(WHOLE);
      await page.keyboard.press('Home');
      await expect(tabs.first()).toBeFocused();
      await expect(tabs.first()).toBeInViewport(WHOLE);
    }
    await expectAccessible(page, 'main');
  });

  test('Admin: a tab chosen on a wide window stays in view when the window narrows to a phone', async ({
    page,
  }, testInfo) => {
    await signIn(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/settings');
    await strip(page).getByRole('tab', { name: 'Storage' }).click();
    await expect(selectedTab(page)).toHaveText('Storage');
    await page.setViewportSize(PHONE);
    await expect(selectedTab(page)).toBeInViewport(WHOLE);
    await page.screenshot({ path: testInfo.outputPath('tabs-narrowed-settings.png') });
    // Back on the wide window every tab fits again, the first one included.
    await page.setViewportSize(DESKTOP);
    await expect(strip(page).getByRole('tab').first()).toBeInViewport(WHOLE);
    await expect(selectedTab(page)).toBeInViewport(WHOLE);
  });
});

/** The list's table and the box that would scroll it sideways. */
const grid = (page: Page) => page.getByRole('table');
const scrollsSideways = (page: Page) =>
  grid(page).evaluate((table) => {
    const box = table.parentElement;
    return box ? box.scrollWidth > box.clientWidth + 1 : false;
  });

test.describe('items list at 1280 px', () => {
  test('Admin: every column and each row’s delete button is in view, long texts end in an ellipsis', async ({
    page,
    request,
  }, testInfo) => {
    const api = await adminApi(request);
    const site = await firstSite(api);
    const word = `Longish${uniq()}`;
    const name = `${word} Hydraulic Pallet Truck With An Unusually Long Descriptive Name For Its Tag #01`;
    const serial = `SER-${'9'.repeat(40)}`;
    const tag = `E280${'A'.repeat(20)}`;
    const res = await api.post('/api/things', { name, serial, class: 'item', site, tag1: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    const created = (await res.json()) as { _id: string };

    await signIn(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/items');
    await expect(grid(page).getByRole('row')).not.toHaveCount(1);
    const headers = grid(page).getByRole('columnheader');
    await expect(headers).toHaveText([
      /Name/,
      'Categories',
      /Serial/,
      'Tags',
      /Zone Entry Time/,
      /Zone/,
      'Actions',
    ]);
    for (const header of await headers.all()) await expect(header).toBeInViewport(WHOLE);
    await expect(
      grid(page)
        .getByRole('button', { name: /^Delete / })
        .first(),
    ).toBeInViewport(WHOLE);
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('items-1280.png') });
    await expectAccessible(page, 'main');

    // A long name, serial and tag: cut with an ellipsis, whole in the title; nothing is pushed out.
    await page.goto(`/items?search=${word}`);
    const row = grid(page).getByRole('row', { name: `Open ${name}` });
    await expect(row.getByTitle(name)).toBeVisible();
    await expect(row.getByTitle(serial)).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeInViewport(WHOLE);
    for (const header of await headers.all()) await expect(header).toBeInViewport(WHOLE);
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('items-1280-long.png') });

    // A phone keeps its rows of name and zone, no table.
    await page.setViewportSize(PHONE);
    await expect(grid(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Open ${name}` })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('items-phone.png') });
    await api.delete(`/api/things/${created._id}`);
  });
});

test.describe('events list at 1280 px', () => {
  test('Admin: an endpoint named without spaces wraps inside its cell, and the eleven columns stay in view', async ({
    page,
    request,
  }, testInfo) => {
    const api = await adminApi(request);
    const site = await firstSite(api);
    const word = `Reader_${'x'.repeat(40)}_${uniq()}`;
    const reader = await makeReader(api, site, word);
    await ingest(request, reader, [{ tag: randomEpc(), antenna: 1, rssi: -55 }]);

    await signIn(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/events');
    const row = grid(page)
      .getByRole('row')
      .filter({ hasText: word.slice(0, 12) });
    await expect(row.first()).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    for (const header of await grid(page).getByRole('columnheader').all())
      await expect(header).toBeInViewport(WHOLE);
    await page.screenshot({ path: testInfo.outputPath('events-1280-long.png') });
    await api.delete(`/api/endpoints/${reader._id}`);
  });
});
