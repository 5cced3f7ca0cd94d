/**
 * The Connection tab: an endpoint set to LLRP against a simulated reader on loopback (the e2e
 * server runs with READER_ALLOW_LOOPBACK=true) shows its live state, antenna events and reports;
 * a Viewer sees the same tab read only; and on a phone the tab fits the screen.
 */
import { expect, test } from '@playwright/test';
import { ROLE_IDS } from '@sightline/shared';
import { LlrpReaderSimulator } from '../packages/server/src/tracking/simulator/llrp-reader';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

const PASSWORD = 'Quiet-Harbor-Lantern-42';

test('the Connection tab shows an LLRP reader live, to an Admin, a Viewer and on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reader = new LlrpReaderSimulator({ antennas: 4 });
  const port = await reader.start();
  try {
    const api = await adminApi(request);
    const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
    const site = sites[0]?._id ?? '';
    const name = `Speedway R420 ${uniq()}`;
    const created = await api.post('/api/endpoints', {
      name,
      site,
      antennas: [
        { antenna: 1, xycoordinates: [0, 0] },
        { antenna: 2, xycoordinates: [0, 0] },
      ],
      connection: { mode: 'llrp', host: '127.0.0.1', port, tls: false },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const id = ((await created.json()) as { _id: string })._id;

    await signIn(page);
    await page.goto(`/endpoints/${id}?site=${site}`);
    await page.getByRole('tab', { name: 'Connection' }).click();
    await expect(page.getByRole('combobox', { name: 'Mode' })).toContainText('LLRP');
    await expect(page.getByLabel('Host', { exact: true })).toHaveValue('127.0.0.1');
    const state = page.getByLabel('Connection state', { exact: true });
    // The server's connection loop picks the endpoint up within a lease renewal (< 7 s).
    await expect(state.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(reader.rospec?.antennaIds).toEqual([1, 2]);

    reader.antennaEvent(2, false);
    reader.readTags([{ epc: '3074257BF7194E4000001A85', antennaId: 1, peakRssi: -55 }]);
    await expect(state.getByText('Antenna 2: disconnected')).toBeVisible({ timeout: 15_000 });
    await expect(state.getByText('Reports received: 1')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-connection.png`, fullPage: true });

    // The reader vanishes: the tab says so, and why.
    await reader.stop();
    await expect(state.getByText('Disconnected', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(state.getByRole('alert')).toContainText('127.0.0.1');
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-connection-disconnected.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByLabel('Host', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-connection-phone.png`, fullPage: true });

    // A Viewer sees the settings and the state, read only; never a password.
    const email = `viewer-${uniq()}@example.com`;
    const made = await api.post('/api/users?send-email=false', {
      name: 'Connection Viewer',
      username: email,
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: [site] },
      password: PASSWORD,
    });
    expect(made.ok(), await made.text()).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.context().clearCookies();
    await signIn(page, email, PASSWORD);
    await page.goto(`/endpoints/${id}?site=${site}`);
    await page.getByRole('tab', { name: 'Connection' }).click();
    await expect(page.getByLabel('Host', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Connection state', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-connection-viewer.png`, fullPage: true });
  } finally {
    await reader.stop();
  }
});
