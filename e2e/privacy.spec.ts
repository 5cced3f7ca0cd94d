/**
 * Pseudonymous workers: an Admin turns the site's "Pseudonymous Workers" on in Organization
 * Settings; a Viewer then sees the worker as "Worker XXXXXX" in the workers list and its editor,
 * never the name; the Admin still sees the name; on a phone too. On the Images screen the Viewer
 * gets no photo of such a worker, the Admin all of them. The setting is restored after.
 */
import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { adminApi, firstSite, makeViewer, SCREENSHOTS, signIn, USER_PASSWORD, uniq } from './fixtures';

const pseudonymOf = (id: string) =>
  `Worker ${createHash('sha256').update(id).digest('hex').slice(0, 6).toUpperCase()}`;

test('an Admin makes workers pseudonymous; a Viewer sees only the pseudonym', async ({ page, request }) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const site = await firstSite(api);
  const original = await (await api.get(`/api/orgsettings?site=${site}`)).json();
  const name = `Rosalind Night ${uniq()}`;
  const created = await api.post('/api/things', { name, serial: 'BADGE-77', class: 'worker', site });
  expect(created.ok(), await created.text()).toBeTruthy();
  const worker = await created.json();
  const pseudonym = pseudonymOf(worker._id);
  const email = await makeViewer(api, 'Pseudonym Viewer', 'pseudo-viewer');
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
    await signIn(page, email, USER_PASSWORD);
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

/** A small photo of one colour. */
const photo = (color: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** The Images screen of `site`. */
async function images(page: Page, site: string) {
  await page.goto(`/images?site=${site}`);
  await expect(page.getByRole('heading', { name: 'Images' })).toBeVisible();
}

test("the Images screen withholds a pseudonymous worker's photos from a Viewer", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const site = await firstSite(api);
  const original = await (await api.get(`/api/orgsettings?site=${site}`)).json();
  const u = uniq();
  const created = await api.post('/api/things', { name: `Hedda Photo ${u}`, class: 'worker', site });
  expect(created.ok(), await created.text()).toBeTruthy();
  const worker = await created.json();
  const upload = async (fileName: string, color: string, thing?: string) => {
    const res = await request.post(`/api/images?site=${site}`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      multipart: {
        file: { name: fileName, mimeType: 'image/jpeg', buffer: await photo(color) },
        ...(thing ? { thing } : {}),
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { id: string }[])[0]?.id ?? '';
  };
  const workerPhoto = `hedda-${u}.jpg`;
  const dockPhoto = `dock-${u}.jpg`;
  const ids = [await upload(workerPhoto, '#8d6e63', worker._id), await upload(dockPhoto, '#4fc3f7')];
  const email = await makeViewer(api, 'Photo Viewer', 'photo-viewer');
  try {
    expect(
      (await api.post(`/api/orgsettings?site=${site}`, { pseudonymizeWorkers: true })).ok(),
    ).toBeTruthy();

    // The Admin identifies workers: both photos.
    await signIn(page);
    await images(page, site);
    await expect(page.getByRole('button', { name: `Open ${workerPhoto}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open ${dockPhoto}` })).toBeVisible();

    // The Viewer: the dock photo only, and the worker's photo is not found by its address either.
    await page.context().clearCookies();
    await signIn(page, email, USER_PASSWORD);
    await images(page, site);
    await expect(page.getByRole('button', { name: `Open ${dockPhoto}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open ${workerPhoto}` })).toHaveCount(0);
    await expectAccessible(page, 'main');
    await page.screenshot({ path: `${SCREENSHOTS}/images-pseudonymous-viewer.png` });
    expect((await page.request.get(`/api/images/${ids[0]}/thumb`)).status()).toBe(404);

    await page.setViewportSize({ width: 390, height: 844 });
    await images(page, site);
    await expect(page.getByRole('button', { name: `Open ${dockPhoto}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open ${workerPhoto}` })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/images-pseudonymous-phone.png` });
  } finally {
    expect((await api.post(`/api/orgsettings?site=${site}`, original)).ok()).toBeTruthy();
    for (const id of ids) await api.delete(`/api/images/${id}`);
    await api.delete(`/api/things/${worker._id}`);
  }
});
