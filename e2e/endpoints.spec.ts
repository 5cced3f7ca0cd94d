/** Endpoints: create a reader through the editor, see its key, place antennas, watch heartbeats, rotate its key, scan its QR code. */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, firstSite, makeReader, readerHeaders, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

test.describe('endpoints', () => {
  test('creates an endpoint, shows its key, antennas, heartbeats and QR code, then deletes it', async ({
    page,
    request,
  }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Endpoints' }).click();
    await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Open Handheld 1' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/endpoints.png` });

    // Basic tab: a new endpoint gets its uuid and key from the server.
    const name = `Dock Portal ${uniq()}`;
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('heading', { name: 'New endpoint' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Status' })).toHaveCount(0);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Map', exact: true }).click();
    await page
      .getByRole('option', { name: /Floor Plan/ })
      .first()
      .click();
    await page.getByLabel('Coordinate X').fill('120');
    await page.getByLabel('Coordinate Y').fill('45.5');
    await page.getByLabel('External Gate').check();
    await page.getByLabel('AutoEnroll', { exact: true }).check();
    await page.getByLabel('Description').fill('East dock portal reader');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/endpoints\/[0-9a-f]{24}/);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    // The key is masked until Show is pressed; Copy copies the key itself either way.
    const key = page.getByLabel('Key', { exact: true });
    await expect(key).toHaveValue(/^•{24}$/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Key' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Show Key' }).click();
    await expect(page.getByRole('button', { name: 'Hide Key' })).toHaveAttribute('aria-pressed', 'true');
    await expect(key).toHaveValue(copied);
    const uuidField = page.getByLabel('UUID', { exact: true });
    await expect(uuidField).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(page.getByLabel('ID', { exact: true })).toHaveValue(/^[0-9a-f]{24}$/);
    await expect(page.getByLabel('Coordinate X')).toHaveValue('120');
    const credentials = { uuid: await uuidField.inputValue(), key: await key.inputValue() };
    await page.getByRole('button', { name: 'Hide Key' }).click();
    await expect(key).toHaveValue(/^•+$/);
    await closeErrorBar(page);
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-editor.png`, fullPage: true });

    // The reader posts a heartbeat with its uuid and key (the native interface of docs/readers.md).
    const beat = await request.post('/api/ingest/heartbeat', {
      headers: readerHeaders(credentials),
      data: { uptime: 3660, readerTemp: 38.5, ip: '10.9.8.7', version: 'e2e-1.0' },
    });
    expect(beat.status()).toBe(204);

    // Antennas tab: add a row and save; the list shows the endpoint.
    await page.getByRole('tab', { name: 'Antennas' }).click();
    await expect(page.getByText('None yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add antenna' }).click();
    await page.getByLabel('Antenna', { exact: true }).fill('2');
    await page.getByLabel('X', { exact: true }).fill('10');
    await page.getByLabel('Y', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/endpoints(\?|$)/);
    const row = page.getByRole('row', { name: `Open ${name}` });
    await expect(row).toContainText(credentials.uuid);
    await expect(row).toContainText('120, 45.5');
    await expect(row).toContainText('Yes');

    await row.click();
    await page.getByRole('button', { name: 'Show Key' }).click();
    await expect(page.getByLabel('Key', { exact: true })).toHaveValue(credentials.key);
    await page.getByRole('tab', { name: 'Antennas' }).click();
    await expect(page.getByLabel('Antenna', { exact: true })).toHaveValue('2');
    await expect(page.getByLabel('Y', { exact: true })).toHaveValue('20');

    // Status tab: the heartbeat, newest first.
    await page.getByRole('tab', { name: 'Status' }).click();
    const heartbeats = page.getByRole('table', { name: 'Heartbeats' });
    await expect(heartbeats.getByRole('columnheader')).toHaveText([
      'Time',
      'Event',
      'Uptime',
      'Reader Temp',
      'CPU',
      'Antennas',
      'Messages',
      'IP Address',
      'Version',
    ]);
    const beatRow = heartbeats.getByRole('row').nth(1);
    await expect(beatRow).toContainText('1 h 1 min');
    await expect(beatRow).toContainText('38.5 °C');
    await expect(beatRow).toContainText('10.9.8.7');
    await expect(beatRow).toContainText('e2e-1.0');
    await expect(page.getByText('Online', { exact: true })).toBeVisible();

    // Rotate Key: after confirming, the field shows a new key; the old one is refused at once.
    await page.getByRole('tab', { name: 'Basic' }).click();
    await page.getByRole('button', { name: 'Rotate Key' }).click();
    const confirm = page.getByRole('dialog', { name: `Rotate the key of ${name}?` });
    await expect(confirm).toContainText('stops working at once');
    await expect(confirm).toContainText('re-scan the QR code');
    await confirm.getByRole('button', { name: 'Rotate Key' }).click();
    await expect(page.getByText(`New key generated for ${name}`)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    const rotatedKey = page.getByLabel('Key', { exact: true });
    await expect(rotatedKey).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    await expect(rotatedKey).not.toHaveValue(credentials.key);
    const oldKey = credentials.key;
    credentials.key = await rotatedKey.inputValue();
    const sightings = (key: string) =>
      request.post('/api/ingest/sightings', {
        headers: readerHeaders(credentials, key),
        data: { sightings: [] },
      });
    expect((await sightings(oldKey)).status()).toBe(401);
    expect((await sightings(credentials.key)).status()).toBe(200);

    // Connection tab, Push: the exact addresses to point the reader at, copied and posted to.
    await page.getByRole('tab', { name: 'Connection' }).click();
    const origin = new URL(page.url()).origin;
    const target = page.getByRole('group', { name: 'Where the reader posts' });
    await expect(target.getByRole('textbox', { name: 'Native JSON URL' })).toHaveValue(
      `${origin}/api/ingest/sightings`,
    );
    await expect(target.getByText('The key as "Authorization: Bearer <key>"')).toBeVisible();
    const impinjUrl = `${origin}/api/ingest/impinj/${credentials.uuid}`;
    await expect(target.getByRole('textbox', { name: 'Impinj R700 URL' })).toHaveValue(impinjUrl);
    await expect(target.getByRole('textbox', { name: 'Zebra IoT Connector URL' })).toHaveValue(
      `${origin}/api/ingest/zebra/${credentials.uuid}`,
    );
    await target.getByRole('button', { name: 'Copy Native JSON URL' }).click();
    const nativeUrl = await page.evaluate(() => navigator.clipboard.readText());
    const posted = await request.post(nativeUrl, {
      headers: readerHeaders(credentials),
      data: { sightings: [] },
    });
    expect(posted.status()).toBe(200);
    const basic = Buffer.from(`${credentials.uuid}:${credentials.key}`).toString('base64');
    const impinj = await request.post(impinjUrl, { headers: { authorization: `Basic ${basic}` }, data: [] });
    expect(impinj.ok(), await impinj.text()).toBeTruthy();
    // The key beside them, masked until shown, as on the Basic tab.
    await expect(target.getByRole('textbox', { name: 'Reader Key' })).toHaveValue(/^•+$/);
    await target.getByRole('button', { name: 'Show Reader Key' }).click();
    await expect(target.getByRole('textbox', { name: 'Reader Key' })).toHaveValue(credentials.key);
    await target.getByRole('button', { name: 'Hide Reader Key' }).click();
    await closeErrorBar(page);
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'main');
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-push.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // The whole address is read on a phone: it wraps instead of running under the copy button.
    const impinjBox = target.getByRole('textbox', { name: 'Impinj R700 URL' });
    await expect(impinjBox).toBeInViewport();
    expect(await impinjBox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await impinjBox.boundingBox())?.height ?? 0).toBeGreaterThan(30);
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-push-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // QR Code tab: Medium (300) by default; another size redraws it.
    await page.getByRole('tab', { name: 'QR Code' }).click();
    await expect(
      page.getByText('Scan this code in the mobile app to associate a handheld with this endpoint.'),
    ).toBeVisible();
    const qr = page.getByRole('img', { name: /^QR code: / });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await expect(qr).toHaveAttribute('alt', new RegExp(credentials.uuid));
    // The payload carries the key: drawn, never written out.
    expect(await qr.getAttribute('alt')).not.toContain(credentials.key);
    await expect(page.getByText(/^Encodes:/)).toHaveCount(0);
    await closeErrorBar(page);
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-qr.png`, fullPage: true });
    await page.getByRole('combobox', { name: 'Size' }).click();
    await page.getByRole('option', { name: 'Large (500 px)' }).click();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width))
      .toBe(500);

    // Delete through the editor; the reader's key stops working.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/endpoints(\?|$)/);
    await expect(page.getByRole('row', { name: `Open ${name}` })).toHaveCount(0);
    const refused = await request.post('/api/ingest/heartbeat', {
      headers: readerHeaders(credentials),
      data: { uptime: 1 },
    });
    expect(refused.status()).toBe(401);
  });

  test('an antenna being added survives the heartbeat that reloads the endpoint meanwhile', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const name = `Live Portal ${uniq()}`;
    const reader = await makeReader(api, await firstSite(api), name);
    const beat = () =>
      request.post('/api/ingest/heartbeat', { headers: readerHeaders(reader), data: { uptime: 60 } });
    expect((await beat()).status()).toBe(204);

    await signIn(page);
    await page.goto(`/endpoints/${reader._id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('tab', { name: 'Antennas' }).click();
    // The reader reports just as a row is added, and again while it is filled in: each live
    // update reloads the endpoint, and the row stays as the user left it.
    const reload = () =>
      page.waitForResponse(
        (r) => r.url().includes(`/api/endpoints/${reader._id}`) && r.request().method() === 'GET',
      );
    await page.getByRole('button', { name: 'Add antenna' }).click();
    let reloaded = reload();
    expect((await beat()).status()).toBe(204);
    await reloaded;
    await page.getByLabel('Antenna', { exact: true }).fill('3');
    await page.getByLabel('X', { exact: true }).fill('7');
    reloaded = reload();
    expect((await beat()).status()).toBe(204);
    await reloaded;
    await expect(page.getByLabel('Antenna', { exact: true })).toHaveValue('3');
    await expect(page.getByLabel('X', { exact: true })).toHaveValue('7');
    await page.getByLabel('Y', { exact: true }).fill('8');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Saved ${name}`)).toBeVisible();
    const saved = (await (await api.get(`/api/endpoints/${reader._id}`)).json()) as { antennas: unknown[] };
    expect(saved.antennas).toEqual([expect.objectContaining({ antenna: 3, xycoordinates: [7, 8] })]);
    await api.delete(`/api/endpoints/${reader._id}`);
  });
});
