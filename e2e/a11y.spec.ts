/**
 * The shell passes axe: Home, Items, Events and an editor, each whole page — side
 * menu, top bar and content — and the side menu works by keyboard alone.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { signIn } from './fixtures';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('accessibility of the shell', () => {
  test.setTimeout(180_000);
  test('Home, Items, Events and the zone editor have no serious or critical axe violation', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);

    await menu(page).getByRole('link', { name: 'Items' }).click();
    await expect(page).toHaveURL(/\/items/);
    await expect(page.getByRole('table')).toBeVisible();
    await page.waitForTimeout(500); // the menu's selection transition, or axe reads colours mid-fade
    await expectAccessible(page);

    await menu(page).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events/);
    await expect(page.getByRole('table')).toBeVisible();
    await page.waitForTimeout(500); // the menu's selection transition, or axe reads colours mid-fade
    await expectAccessible(page);

    const zones = (await (await page.request.get('/api/sites?sort=name')).json()) as { _id: string }[];
    const list = (await (await page.request.get(`/api/zones?site=${zones[0]?._id}`)).json()) as {
      _id: string;
    }[];
    await page.goto(`/zones/${list[0]?._id}`);
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the side menu works by keyboard: Tab moves through the entries, Enter opens one', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/home');
    const home = menu(page).getByRole('link', { name: 'Home' });
    await expect(home).toHaveAttribute('aria-current', 'page');
    await home.focus();
    await expect(home).toBeFocused();
    // The next entry after Home is reached by Tab, and Enter follows it.
    const links = menu(page).getByRole('link');
    const second = links.nth(1);
    const name = (await second.innerText()).trim();
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    // Shift+Tab goes back; a group opens with Enter and shows its entries.
    await page.keyboard.press('Shift+Tab');
    await expect(home).toBeFocused();
    const group = menu(page).getByRole('button', { expanded: false }).first();
    await group.focus();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('button', { expanded: true }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveRole('link');
    await page.keyboard.press('Enter');
    await expect(focused).toHaveAttribute('aria-current', 'page');
  });
});
