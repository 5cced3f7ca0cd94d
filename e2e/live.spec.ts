/**
 * The live screens: Home (Zone Overview, Endpoint Status, open exceptions), Events updated by the
 * live stream, an exception's detail, and the map view. Data comes through the API the way readers
 * and people make it (ingest, manual moves); what the tests add is removed again.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminApi, ingest, randomEpc, SCREENSHOTS, signIn, uniq } from './fixtures';

type Api = Awaited<ReturnType<typeof adminApi>>;

async function demoSite(api: Api): Promise<{ _id: string; name: string }> {
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string; name: string }[];
  const site = sites[0];
  if (!site) throw new Error('the demo has no site');
  return site;
}

async function openHome(page: Page, siteId: string) {
  await page.goto(`/home?site=${siteId}`);
  await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
}

test.describe('Live screens', () => {
  test('Home shows the zone chart, endpoint status and a zone time exception that opens its detail', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const site = await demoSite(api);
    const suffix = uniq();
    // A reader with two antennas: antenna 1 is the gate of a zone allowing 2 minutes, antenna 2 of another.
    const created = await api.post('/api/endpoints', { name: `Test gate ${suffix}`, site: site._id });
    expect(created.ok(), await created.text()).toBeTruthy();
    const reader = (await created.json()) as { _id: string; uuid: string; key: string };
    const zone = async (name: string, antenna: number, minutes: number) => {
      const res = await api.post('/api/zones', {
        name,
        site: site._id,
        duration: minutes * 60e9,
        gates: [{ endpoint: reader._id, direction: 'NEAR', antenna }],
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return ((await res.json()) as { _id: string })._id;
    };
    const coldRoom = await zone(`Cold room ${suffix}`, 1, 2);
    const hallway = await zone(`Hallway ${suffix}`, 2, 0);
    const tag = randomEpc();
    const thingRes = await api.post('/api/things', {
      name: `Vaccine crate ${suffix}`,
      site: site._id,
      tag1: tag,
    });
    expect(thingRes.ok(), await thingRes.text()).toBeTruthy();
    const thing = ((await thingRes.json()) as { _id: string })._id;

    try {
      // Five minutes in the cold room (allowed: 2), then out to the hallway: the stay overran.
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
      // One batch: the overrun is raised as the thing leaves and stays open; sent apart, the jobs
      // could raise it while the stay runs, and the leaving would then resolve it.
      await ingest(request, reader, [
        { tag, antenna: 1, time: minutesAgo(6) },
        { tag, antenna: 2, time: minutesAgo(1) },
      ]);

      await signIn(page);
      await openHome(page, site._id);
      const overview = page.getByRole('region', { name: 'Zone Overview' });
      await expect(overview.getByTestId('zone-overview-chart').locator('svg').first()).toBeVisible();
      await expect(overview.getByText(`Hallway ${suffix}`)).toBeVisible();
      const endpoints = page.getByRole('table', { name: 'Endpoint Status' });
      for (const heading of ['Name', 'Last Heartbeat', 'IP Address', 'Firmware Version'])
        await expect(endpoints.getByRole('columnheader', { name: heading })).toBeVisible();
      // The new reader never sent a heartbeat: its row is highlighted.
      const testRow = endpoints.getByRole('row', { name: new RegExp(`Test gate ${suffix}`) });
      await expect(testRow).toHaveAttribute('data-stale', 'true');
      await expect(endpoints.getByRole('row')).not.toHaveCount(1);

      const message = `Vaccine crate ${suffix} was in Cold room ${suffix} for longer than the allowed 2 minute(s)`;
      const exceptions = page.getByRole('list', { name: 'Open alerts' });
      await expect(exceptions.getByText(message)).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/home.png`, fullPage: true });

      await exceptions.getByText(message).click();
      await expect(page).toHaveURL(/\/exceptions\/[0-9a-f]{24}/);
      await expect(page.getByRole('heading', { name: 'Zone time alert' })).toBeVisible();
      await expect(page.getByTestId('exception-message')).toHaveText(message);
      // The time exception's event table: the two events of the stay, in the default range, in
      // the five columns a time overrun is read by, with its date range and Reset.
      await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
      const alertEvents = page.getByRole('table', { name: 'Events of this alert' });
      await expect(alertEvents.getByRole('columnheader')).toHaveText([
        'Tag',
        /^Last Seen/,
        'Endpoint',
        'Zone',
        'Direction',
      ]);
      await expect(alertEvents.getByRole('row', { name: /thing of tag/ })).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/exception-detail.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      const card = page.getByRole('list', { name: 'Events of this alert' }).getByRole('listitem').first();
      await expect(card.getByText('Direction:')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/exception-detail-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      // Resolving takes it off Home's open exceptions.
      await page.getByRole('button', { name: 'Resolve' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
      await expect(page.getByText('Alert resolved')).toBeVisible();
      await expect(page.getByTestId('alert-state')).toHaveText('Resolved');
      await openHome(page, site._id);
      await expect(page.getByRole('region', { name: 'Open alerts' })).toBeVisible();
      await expect(page.getByText(message)).toHaveCount(0);
    } finally {
      await api.delete(`/api/things/${thing}`);
      await api.delete(`/api/zones/${coldRoom}`);
      await api.delete(`/api/zones/${hallway}`);
      await api.delete(`/api/endpoints/${reader._id}`);
    }
  });

  test('a sighting posted by a reader appears on Events without a reload', async ({ page, request }) => {
    const api = await adminApi(request);
    const site = await demoSite(api);
    const list = (await (await api.get(`/api/endpoints?site=${site._id}&sort=name`)).json()) as {
      _id: string;
    }[];
    const first = list[0];
    if (!first) throw new Error('the demo site has no endpoint');
    // The key is only in the record, for users who may modify endpoints (the admin may).
    const endpoint = (await (await api.get(`/api/endpoints/${first._id}`)).json()) as {
      uuid: string;
      key: string;
      name: string;
    };

    await signIn(page);
    await page.goto(`/events?site=${site._id}`);
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
    for (const heading of [
      'Tag',
      'Last Full Event',
      'Last Seen',
      'Repeat Event Count',
      'Direction',
      'Endpoint',
      'Data',
      'Location',
      'Antenna',
      'Zone',
    ])
      await expect(page.getByRole('columnheader', { name: heading })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

    const tag = randomEpc();
    await ingest(request, endpoint, [{ tag, antenna: 3, data: { cFloat0: 21.74 }, alarmTamper: true }]);
    const row = page.getByRole('row', { name: `Open tag ${tag} ` });
    await expect(row).toBeVisible();
    await expect(row.getByLabel('Unmatched')).toBeVisible();
    await expect(row.getByLabel('Tamper alarm')).toBeVisible();
    await expect(row.getByRole('cell', { name: '21.7', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: endpoint.name, exact: true })).toBeVisible();
    // An unmatched row opens nothing.
    await row.click();
    await expect(page).toHaveURL(/\/events\?/);
    await page.screenshot({ path: `${SCREENSHOTS}/events.png` });
    // The tag keeps to one line; its decoded identity is in its tooltip and the row's name.
    const tagCell = row.getByTestId('event-tag');
    await expect(tagCell).toHaveText(new RegExp(`^${tag.slice(0, 8)}…${tag.slice(-8)}`));
    expect((await tagCell.boundingBox())?.height ?? 0).toBeLessThan(24);
    await expect(row).toHaveAccessibleName(new RegExp(`tag ${tag} urn:epc:`));
    await tagCell.hover();
    await expect(page.getByRole('tooltip')).toContainText(tag);
    await expect(page.getByRole('tooltip')).toContainText('urn:epc:');
    // 'Repeat Event Count' 0 reads as seen once, not never: its header says what it counts.
    const repeatHeader = page.getByRole('columnheader', { name: 'Repeat Event Count' }).getByRole('button');
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await repeatHeader.hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Sightings after the first: 0 means the tag was seen once.',
    );
    await expect(repeatHeader).toHaveAccessibleDescription(
      'Sightings after the first: 0 means the tag was seen once.',
    );
    // The header keeps its name.
    await expect(repeatHeader).toHaveAccessibleName(/^Repeat Event Count/);
    await page.mouse.move(0, 0);
    // The eleven columns fit beside the menu: nothing scrolls sideways.
    const table = page.locator('main table');
    expect(
      await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0)),
    ).toBeLessThanOrEqual(0);

    // Quick ranges and the endpoint filter narrow the list.
    await page.getByRole('button', { name: 'Last 7 Days' }).click();
    await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/after=/);
    await page.getByRole('combobox', { name: 'Endpoints' }).click();
    await page.getByRole('option', { name: endpoint.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`endpoint=${first._id}`));
    await expect(page.getByRole('row', { name: `Open tag ${tag} ` })).toBeVisible();
  });

  test('the map view shows things as markers with popups', async ({ page, request }) => {
    const api = await adminApi(request);
    const site = await demoSite(api);
    const maps = (await (await api.get(`/api/maps?site=${site._id}`)).json()) as {
      _id: string;
      name: string;
    }[];
    const map = maps[0];
    if (!map) throw new Error('the demo site has no map');
    await signIn(page);
    await page.goto(`/mapview/${map._id}?site=${site._id}`);
    await expect(page.getByRole('heading', { name: map.name })).toBeVisible();
    const canvas = page.getByTestId('thing-map');
    await expect(canvas.locator('.leaflet-image-layer')).toBeVisible();
    const markers = canvas.locator('.sl-marker, .marker-cluster');
    await expect(markers.first()).toBeVisible();
    const single = canvas.locator('.sl-marker').first();
    if (await single.isVisible()) {
      await single.click();
      await expect(canvas.locator('.sl-popup')).toBeVisible();
      await expect(canvas.locator('.sl-popup').getByText('Last Seen:')).toBeVisible();
      await expect(canvas.locator('.sl-popup').getByRole('link', { name: 'Open' })).toBeVisible();
      // Let the popup finish fading in before the picture.
      await expect(canvas.locator('.leaflet-popup')).toHaveCSS('opacity', '1');
    }
    await page.screenshot({ path: `${SCREENSHOTS}/map-view.png` });
  });
});
