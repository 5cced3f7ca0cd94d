/**
 * The tracking journey, watched as a person would: the reader simulator moves a thing, the items
 * list shows its new zone without a reload, its marker moves on the map, and the overrun of the
 * zone's alert time shows up on Home and opens its detail.
 *
 * Movement comes from the reader simulator itself (tracking/simulator, over HTTP to the native
 * ingest interface), one station at a time so one known tag goes where the journey needs it. The
 * e2e server runs the demo with its own simulator off, so nothing else moves. Everything the test
 * creates (reader, zones, item) is removed again and its exception resolved.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSimulator, type SimStation } from '../packages/server/src/tracking/simulator/simulator';
import { httpTransport } from '../packages/server/src/tracking/simulator/transport';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

type Api = Awaited<ReturnType<typeof adminApi>>;

/** Zone B's alert time: one minute, in nanoseconds. */
const ALERT_NS = 60e9;
/**
 * How late the gate reader's report of the move into zone B arrives (it is stamped this long
 * before it is posted, as a reader that buffered its reads would send it), so the one-minute
 * alert time is reached a quarter of a minute after the move rather than a whole minute.
 * A later, older-stamped sighting could not do this: a sighting older than the thing's last one
 * is recorded but moves nothing back.
 */
const LATE_MS = 45_000;

/** A random EPC, upper-case hex like real tags. */
const epc = () =>
  `E280${Array.from({ length: 20 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('')}`;

async function created<T>(res: Awaited<ReturnType<Api['post']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * One run of the reader simulator with a single station: its one step has the reader at that
 * gate see the tag (a move, since the simulator starts knowing nowhere), stamped `at`.
 */
async function simulate(baseURL: string, station: SimStation, tag: string, at = Date.now()) {
  const problems: string[] = [];
  const simulator = createSimulator({
    stations: [station],
    tags: [tag],
    rate: 1,
    intervalMs: 1000,
    clock: () => at,
    transport: httpTransport(baseURL),
    onError: (message) => problems.push(message),
  });
  const step = await simulator.step();
  await simulator.stop();
  expect(problems).toEqual([]);
  expect(step.sent).toBe(1);
  expect(step.moves).toEqual([{ tag, from: undefined, to: 0, held: false }]);
}

/** Marks the page so a reload (which would drop the mark) can be told apart from a live update. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

test('the simulator moves a thing: the list, the map and Home follow live, and the overrun opens its detail', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string; name: string }[];
  const site = sites[0];
  if (!site) throw new Error('the demo has no site');
  const maps = (await (await api.get(`/api/maps?site=${site._id}`)).json()) as {
    _id: string;
    name: string;
  }[];
  const map = maps[0];
  if (!map) throw new Error('the demo site has no map');

  const suffix = uniq();
  const zoneAName = `Goods-in ${suffix}`;
  const zoneBName = `Quarantine ${suffix}`;
  const thingName = `Euro Pallet 1200x800 ${suffix}`;
  const tag = epc();
  const cleanup: string[] = [];
  let exceptionId: string | undefined;

  try {
    // One reader on the demo floor plan (1000 × 600 units), in the empty corner below Receiving so
    // its marker stands apart from the demo's: antenna 1 is zone A's gate, antennas 2 and 3 (one
    // above the other) are zone B's.
    const reader = await created<{ _id: string; uuid: string; key: string }>(
      await api.post('/api/endpoints', {
        name: `Dock reader ${suffix}`,
        site: site._id,
        map: map._id,
        xycoordinates: [160, 470],
        antennas: [
          { antenna: 1, xycoordinates: [80, 450], map: map._id },
          { antenna: 2, xycoordinates: [230, 380], map: map._id },
          { antenna: 3, xycoordinates: [230, 560], map: map._id },
        ],
      }),
    );
    cleanup.push(`/api/endpoints/${reader._id}`);
    const zone = async (name: string, duration: number, antennas: number[]) => {
      const z = await created<{ _id: string }>(
        await api.post('/api/zones', {
          name,
          site: site._id,
          duration,
          gates: antennas.map((antenna) => ({ endpoint: reader._id, direction: 'NEAR', antenna })),
        }),
      );
      cleanup.unshift(`/api/zones/${z._id}`);
      return z._id;
    };
    await zone(zoneAName, 0, [1]);
    await zone(zoneBName, ALERT_NS, [2, 3]);
    const thing = await created<{ _id: string }>(
      await api.post('/api/things', { name: thingName, serial: `EPAL-${suffix}`, site: site._id, tag1: tag }),
    );
    cleanup.unshift(`/api/things/${thing._id}`);
    const gate = (antenna: number): SimStation => ({ uuid: reader.uuid, key: reader.key, antenna });

    // The pallet came in through zone A's gate five minutes ago (later than any demo item's zone
    // entry, so the list, newest zone entry first, shows it on its first page).
    await simulate(baseURL, gate(1), tag, Date.now() - 5 * 60_000);

    // The items list, searched for it: in zone A.
    await signIn(page);
    await page.goto(`/items?site=${site._id}`);
    await expect(page.getByRole('heading', { name: 'Items', exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search Items' }).fill(suffix);
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
    await expect(page.getByText(/^\d+ records?$/)).toHaveText('1 record');
    const row = page.getByRole('row', { name: `Open ${thingName}` });
    await expect(row.getByRole('cell', { name: zoneAName, exact: true })).toBeVisible();
    await markPage(page);

    // The reader at zone B's gate sees it: the row follows without a reload.
    const enteredB = Date.now() - LATE_MS;
    await simulate(baseURL, gate(2), tag, enteredB);
    await expect(row.getByRole('cell', { name: zoneBName, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: zoneAName, exact: true })).toHaveCount(0);
    await expectNotReloaded(page);
    await closeErrorBar(page);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-live-items.png` });

    // The map: its marker at zone B's first gate; the second gate sees it and the marker follows.
    await page.goto(`/mapview/${map._id}?site=${site._id}`);
    await expect(page.getByRole('heading', { name: map.name })).toBeVisible();
    const canvas = page.getByTestId('thing-map');
    await expect(canvas.locator('.leaflet-image-layer')).toBeVisible();
    const marker = canvas.getByRole('button', { name: thingName, exact: true });
    await expect(marker).toBeVisible();
    const before = await marker.boundingBox();
    if (!before) throw new Error('the marker has no box');
    await markPage(page);
    await simulate(baseURL, gate(3), tag);
    // Antenna 3 is 180 map units below antenna 2, at the same x: the marker goes straight down.
    await expect
      .poll(async () => ((await marker.boundingBox())?.y ?? before.y) - before.y, { timeout: 10_000 })
      .toBeGreaterThan(50);
    const after = await marker.boundingBox();
    expect(Math.abs((after?.x ?? 0) - before.x)).toBeLessThan(2);
    await expectNotReloaded(page);
    // Same zone, other gate: the stay in zone B goes on.
    await marker.click();
    await expect(canvas.locator('.sl-popup')).toContainText(`Zone: ${zoneBName}`);

    // Home: the stay in zone B reaches its one-minute alert time, and the exception appears live.
    const dueAt = enteredB + ALERT_NS / 1e6;
    await page.goto(`/home?site=${site._id}`);
    await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
    const card = page.getByRole('region', { name: 'Open alerts' });
    await expect(card.getByText(/^\d+ open$|^\d+ newest of \d+ open$/)).toBeVisible();
    await markPage(page);
    const message = `${thingName} was in ${zoneBName} for longer than the allowed 1 minute(s)`;
    const exceptions = page.getByRole('list', { name: 'Open alerts' });
    // Before the alert time nothing can have been raised (the job raises at or after it).
    if (Date.now() < dueAt - 1000) await expect(exceptions.getByText(message)).toHaveCount(0);
    await expect(exceptions.getByText(message)).toBeVisible({ timeout: 30_000 });
    await expectNotReloaded(page);

    // It opens its detail, with the exception's fixed message.
    await exceptions.getByText(message).click();
    await expect(page).toHaveURL(/\/exceptions\/[0-9a-f]{24}/);
    exceptionId = /\/exceptions\/([0-9a-f]{24})/.exec(page.url())?.[1];
    await expect(page.getByRole('heading', { name: 'Zone time alert' })).toBeVisible();
    await expect(page.getByTestId('exception-message')).toHaveText(message);
    // Its events: the entry into zone B and the read at its second gate.
    await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: zoneBName })).toHaveCount(2);
    await closeErrorBar(page);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-exception.png`, fullPage: true });

    // The thing's own editor lists it among its open exceptions, and it leads back to the detail.
    await page.getByTestId('exception-message').getByRole('link', { name: thingName }).click();
    await expect(page).toHaveURL(new RegExp(`/items/${thing._id}`));
    const thingExceptions = page.getByRole('region', { name: 'Open alerts' });
    await expect(thingExceptions.getByText(message)).toBeVisible();
    await thingExceptions.getByText(message).click();
    await expect(page).toHaveURL(new RegExp(`/exceptions/${exceptionId}`));
  } finally {
    if (exceptionId) await api.post(`/api/exceptions/${exceptionId}/resolve`, {});
    for (const url of cleanup) await api.delete(url);
  }
});
