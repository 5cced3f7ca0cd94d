/**
 * Pseudonymous workers: an Admin turns the site's "Pseudonymous Workers" on in Organization
 * Settings; a Viewer then sees the worker as "Worker XXXXXX" in the workers list and its editor,
 * never the name; the Admin still sees the name; on a phone too. The setting is restored after.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ALL_SITES, ROLE_IDS } from '@sightline/shared';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

const PASSWORD = 'Quiet-Harbor-Lantern-42';
const pseudonymOf = (id: string) =>
  `Worker ${createHash('sha256').update(id).digest('hex').slice(0, 6).toUpperCase()}`;

test('an Admin makes workers pseudonymous; a Viewer sees only the pseudonym', async ({ page, request }) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  const site = sites[0]?._id ?? '';
  const original = await (await api.get(`/api/orgsettings?site=${site}`)).json();
  const name = `Rosalind Night ${uniq()}`;
  const created = await api.post('/api/things', { name, serial: 'BADGE-77', class: 'worker', site });
  expect(created.ok(), await created.text()).toBeTruthy();
  const worker = await created.json();
  const pseudonym = pseudonymOf(worker._id);
  const email = `pseudo-viewer-${uniq()}@example.com`;
  const user = await api.post('/api/users?send-email=false', {
    name: 'Pseudonym Viewer',
    username: email,
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [ALL_SITES] },
    password: PASSWORD,
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  try {
    await signIn(page);
    await page.goto(`/settings?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Organization Settings', exact: true })).toBeVisible();
    const toggle = page.getByLabel('Pseudonymous Workers');
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Pseudonymous Workers')).toBeChecked();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/settings-pseudonymous.png` });

    // The Admin identifies workers: the name.
    await page.goto(`/workers?site=${site}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText(pseudonym)).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, email, PASSWORD);
    await page.goto(`/workers?site=${site}`);
    await expect(page.getByText(pseudonym).first()).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/workers-pseudonymous-viewer.png` });

    await page.goto(`/workers/${worker._id}?site=${site}`);
    await expect(page.getByText(pseudonym).first()).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByText('BADGE-77')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/worker-pseudonymous-viewer.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/workers?site=${site}`);
    await expect(page.getByText(pseudonym).first()).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/workers-pseudonymous-phone.png` });
  } finally {
    expect((await api.post(`/api/orgsettings?site=${site}`, original)).ok()).toBeTruthy();
    await api.delete(`/api/things/${worker._id}`);
  }
});

test('the setting on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/settings');
  await expect(page.getByLabel('Pseudonymous Workers')).toBeVisible();
  await page.getByLabel('Pseudonymous Workers').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/settings-pseudonymous-phone.png` });
});
