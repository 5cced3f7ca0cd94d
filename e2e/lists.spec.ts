import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

test('list search, page size and sort live in the URL and survive a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/users');
  await expect(page.getByRole('row').filter({ hasText: 'admin@sightline.local' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search Users' });

  // One or two characters do not search: a search needs at least three.
  await search.fill('de');
  await page.waitForTimeout(600);
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('row').filter({ hasText: 'admin@sightline.local' })).toBeVisible();

  await search.fill('demo');
  await expect(page).toHaveURL(/search=demo/);
  await expect(page.getByRole('row').filter({ hasText: 'viewer@demo.sightline.local' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'admin@sightline.local' })).toHaveCount(0);

  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/limit=10/);

  await page.getByRole('columnheader', { name: 'Username' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=username/);
  await page.getByRole('columnheader', { name: 'Username' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=-username/);
  const shownUsernames = () => page.locator('tbody tr td:nth-child(2)').allTextContents();
  const descending = (names: string[]) =>
    names.length > 1 && names.join() === [...names].sort().reverse().join();
  await expect.poll(async () => descending(await shownUsernames())).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/search=demo/);
  await expect(page).toHaveURL(/limit=10/);
  await expect(page).toHaveURL(/sort=-username/);
  await expect(search).toHaveValue('demo');
  await expect(page.getByRole('combobox', { name: /rows per page/i })).toHaveText('10');
  await expect(page.getByRole('columnheader', { name: /Username/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(async () => descending(await shownUsernames())).toBe(true);
  await expect(page.getByRole('row').filter({ hasText: 'viewer@demo.sightline.local' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'admin@sightline.local' })).toHaveCount(0);
});
