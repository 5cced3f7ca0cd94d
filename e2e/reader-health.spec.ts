/**
 * Reader health and RSSI: a Zebra reader's real heartbeat, GPI and warning and an Impinj reader's
 * non-tag events (the payloads of packages/server/src/tracking/formats/fixtures/interop) shown on
 * the endpoint's Status tab; the peak RSSI of each event on the Events screen; a thing's RSSI
 * trend on its Events tab. As Admin, as a Viewer, and at phone width, with no serious axe violation.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
  adminApi,
  firstSite,
  makeReader,
  makeViewer,
  type Reader,
  SCREENSHOTS,
  signIn,
  USER_PASSWORD,
  uniq,
} from './fixtures';
import { closeErrorBar } from './ui-helpers';

const INTEROP = path.resolve(import.meta.dirname, '../packages/server/src/tracking/formats/fixtures/interop');
const sample = (file: string) => JSON.parse(readFileSync(path.join(INTEROP, file), 'utf8')) as unknown;
const PHONE = { width: 390, height: 844 };

const basic = (r: Reader) => `Basic ${Buffer.from(`${r.uuid}:${r.key}`).toString('base64')}`;

async function post(request: APIRequestContext, kind: 'zebra' | 'impinj', reader: Reader, body: unknown) {
  const res = await request.post(`/api/ingest/${kind}/${reader.uuid}`, {
    headers: { authorization: basic(reader), 'content-type': 'application/json' },
    data: JSON.stringify(body),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function settle(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function setUp(request: APIRequestContext) {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const zebra = await makeReader(api, site, `Zebra FX9600 ${uniq()}`);
  await post(request, 'zebra', zebra, sample('zebra-heartbeat.json'));
  await post(request, 'zebra', zebra, sample('zebra-gpi-warning.json'));
  const impinj = await makeReader(api, site, `Impinj R700 ${uniq()}`);
  await post(request, 'impinj', impinj, sample('impinj-nontag.json'));

  // A thing read by the Impinj reader every two minutes (one event each), its RSSI wandering.
  const tag = `E2E${Date.now().toString(16).toUpperCase()}${uniq()
    .replace(/[^0-9a-f]/g, '0')
    .toUpperCase()}`;
  const thing = await api.post('/api/things', { name: `Pallet jack ${uniq()}`, tag1: tag, site });
  expect(thing.ok(), await thing.text()).toBeTruthy();
  const { _id: thingId } = (await thing.json()) as { _id: string };
  const rssi = [-62, -58, -55, -49, -51, -46, -44, -47];
  const start = Date.now() - rssi.length * 120_000;
  await post(
    request,
    'impinj',
    impinj,
    rssi.map((cdbm, i) => ({
      timestamp: new Date(start + i * 120_000).toISOString(),
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: tag, antennaPort: 2, peakRssiCdbm: cdbm * 100 },
    })),
  );
  return { api, site, zebra, impinj, tag, thingId };
}

async function openStatus(page: Page, site: string, reader: Reader) {
  await page.goto(`/endpoints/${reader._id}?site=${site}`);
  await page.getByRole('tab', { name: 'Status' }).click();
  return page.getByRole('table', { name: 'Heartbeats' });
}

test('reader health on the Status tab, RSSI on Events and a thing’s RSSI trend', async ({
  page,
  request,
}) => {
  // Three readers' worth of screens, two users and a phone: longer than one screen's journey.
  test.setTimeout(240_000);
  const { api, site, zebra, impinj, tag, thingId } = await setUp(request);
  await signIn(page);

  // The Zebra reader: its heartbeat's readings, then its GPI and warning, newest first.
  const zebraStatus = await openStatus(page, site, zebra);
  const rows = zebraStatus.getByRole('row');
  await expect(rows.nth(1)).toContainText('Warning');
  await expect(rows.nth(1)).toContainText('CPU utilization above threshold');
  await expect(rows.nth(2)).toContainText('GPI 1: HIGH');
  await expect(rows.nth(3)).toContainText('Heartbeat');
  await expect(rows.nth(3)).toContainText('1 min 30 s');
  await expect(rows.nth(3)).toContainText('38 °C');
  await expect(rows.nth(3)).toContainText('17\u00a0%');
  await expect(rows.nth(3)).toContainText('Connected 1, 2Disconnected 3, 4');
  await expect(rows.nth(3)).toContainText('0 dropped0 buffered');
  const chips = page.getByRole('list', { name: 'Antenna states' });
  await expect(chips.getByRole('listitem')).toHaveText([
    'Antenna 1 connected',
    'Antenna 2 connected',
    'Antenna 3 disconnected',
    'Antenna 4 disconnected',
  ]);
  await closeErrorBar(page);
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/endpoint-status-zebra.png`, fullPage: true });

  // The Impinj reader: its non-tag events, the overflow's dropped events.
  const impinjStatus = await openStatus(page, site, impinj);
  await expect(
    impinjStatus.getByRole('row').filter({ hasText: 'Overflow: 1200 events dropped' }),
  ).toContainText('1200 dropped0 buffered');
  await expect(impinjStatus.getByRole('row').filter({ hasText: 'Antenna 3 disconnected' })).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Antenna states' }).getByRole('listitem')).toHaveText([
    'Antenna 2 connected',
    'Antenna 3 disconnected',
  ]);
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/endpoint-status-impinj.png`, fullPage: true });

  // Events: the peak RSSI of each event's last sighting.
  await page.goto(`/events?site=${site}`);
  const events = page.getByRole('table').first();
  await expect(events.getByRole('columnheader', { name: 'RSSI' })).toBeVisible();
  await expect(
    events
      .getByRole('row')
      .filter({ hasText: tag.slice(-8) })
      .first(),
  ).toContainText('-47 dBm');
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/events-rssi.png` });

  // The thing's Events tab: the RSSI trend of its sightings, in words for screen readers.
  await page.goto(`/things/${thingId}?site=${site}`);
  await page.getByRole('tab', { name: 'Events' }).click();
  const trend = page.getByRole('img', { name: /^RSSI of the last 8 sightings/ });
  await expect(trend).toHaveAttribute(
    'aria-label',
    'RSSI of the last 8 sightings: from -62 dBm to -47 dBm, strongest -44 dBm, weakest -62 dBm',
  );
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/thing-rssi-trend.png` });

  // A Viewer sees the same, read only.
  const viewer = await makeViewer(api, 'Health Viewer', 'health');
  await page.context().clearCookies();
  await signIn(page, viewer, USER_PASSWORD);
  const viewerStatus = await openStatus(page, site, zebra);
  await expect(viewerStatus.getByRole('row').nth(1)).toContainText('CPU utilization above threshold');
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/endpoint-status-viewer.png`, fullPage: true });

  // At phone width: the Status tab and the trend.
  await page.setViewportSize(PHONE);
  await openStatus(page, site, zebra);
  await expect(page.getByRole('list', { name: 'Antenna states' })).toBeVisible();
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/endpoint-status-phone.png`, fullPage: true });
  await page.goto(`/things/${thingId}?site=${site}`);
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByRole('img', { name: /^RSSI of the last 8 sightings/ })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/thing-rssi-trend-phone.png`, fullPage: true });

  await api.delete(`/api/things/${thingId}`);
  await api.delete(`/api/endpoints/${zebra._id}`);
  await api.delete(`/api/endpoints/${impinj._id}`);
});
