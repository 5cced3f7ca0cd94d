/**
 * The Alerts screen driven as a person: an Admin filters, acknowledges and resolves alerts one at a
 * time and in bulk with a note, watches a new alert arrive live (and held back while rows are
 * selected), opens an alert's timeline and turns on browser notifications; a Viewer sees the alerts
 * without the controls; a phone acknowledges from stacked rows. Alerts are raised the way readers
 * raise them: a thing seen in a zone longer than its alert time, then elsewhere.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
  adminApi,
  firstSite,
  ingest,
  makeReader,
  makeViewer,
  randomEpc,
  readerHeaders,
  SCREENSHOTS,
  signIn,
  USER_PASSWORD,
  uniq,
} from './fixtures';
import { closeErrorBar } from './ui-helpers';

// axe is evaluated in the page, which the server's CSP (script-src 'self') would otherwise refuse.
test.use({ bypassCSP: true });
test.setTimeout(180_000);

/** A reader with a cold room (antenna 1) and a freezer (antenna 3) allowing 2 minutes, and a hallway (antenna 2). */
async function setUp(request: APIRequestContext) {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const suffix = uniq();
  const reader = await makeReader(api, site, `Alerts gate ${suffix}`);
  const zone = async (name: string, antenna: number, minutes: number) => {
    const res = await api.post('/api/zones', {
      name,
      site,
      duration: minutes * 60e9,
      gates: [{ endpoint: reader._id, direction: 'NEAR', antenna }],
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { _id: string })._id;
  };
  const zones = {
    cold: { id: await zone(`Cold room ${suffix}`, 1, 2), name: `Cold room ${suffix}`, antenna: 1 },
    freezer: { id: await zone(`Freezer ${suffix}`, 3, 2), name: `Freezer ${suffix}`, antenna: 3 },
    hallway: { id: await zone(`Hallway ${suffix}`, 2, 0), name: `Hallway ${suffix}`, antenna: 2 },
  };
  const things: string[] = [];
  /**
   * A thing that stayed in `where` (allowed: 2 minutes) from `stayedMinutes` ago until a minute ago
   * and then walked out: an open alert.
   */
  const raise = async (name: string, where: { antenna: number }, stayedMinutes = 6) => {
    const tag = randomEpc();
    const res = await api.post('/api/things', { name, site, tag1: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    things.push(((await res.json()) as { _id: string })._id);
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    // One batch: the overrun is raised as the thing leaves, so it stays open (a stay still running
    // could be raised by the jobs first and then resolved by the leaving).
    await ingest(request, reader, [
      { tag, antenna: where.antenna, time: minutesAgo(stayedMinutes) },
      { tag, antenna: 2, time: minutesAgo(1) },
    ]);
  };
  /** Things raised together, in one batch from the reader: a burst of alerts. */
  const raiseMany = async (names: string[], where: { antenna: number }) => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const sightings = [];
    for (const name of names) {
      const tag = randomEpc();
      const res = await api.post('/api/things', { name, site, tag1: tag });
      expect(res.ok(), await res.text()).toBeTruthy();
      things.push(((await res.json()) as { _id: string })._id);
      sightings.push(
        { tag, antenna: where.antenna, time: minutesAgo(6) },
        { tag, antenna: 2, time: minutesAgo(1) },
      );
    }
    await ingest(request, reader, sightings);
  };
  // The test's alerts are resolved before their things and zones go, so no later screen lists them.
  const cleanUp = async () => {
    for (const id of things) {
      const open = (await (await api.get(`/api/exceptions?thing=${id}&state=open,acknowledged`)).json()) as {
        _id: string;
      }[];
      if (open.length) await api.post('/api/exceptions/resolve', { ids: open.map((e) => e._id) });
      await api.delete(`/api/things/${id}`);
    }
    for (const z of Object.values(zones)) await api.delete(`/api/zones/${z.id}`);
    await api.delete(`/api/endpoints/${reader._id}`);
  };
  return { api, site, suffix, zones, raise, raiseMany, cleanUp };
}

const rowOf = (page: Page, thing: string) => page.getByTestId('alert-row').filter({ hasText: thing });

/** Opens Alerts from the menu. */
async function openAlerts(page: Page, site: string) {
  await page.goto(`/home?site=${site}`);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: /^Alerts/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
}

/** The menu badge's count ('Alerts 3 open') is the heading's ('3 open'): one definition of open. */
async function expectOneOpenCount(page: Page) {
  const heading = page.getByRole('main').getByText(/^\d+ open/);
  await expect(heading).toBeVisible();
  const badge = page.getByTestId('menu-badge-alerts');
  await expect(async () => {
    const count = (await heading.textContent())?.match(/^(\d+) open/)?.[1];
    expect((await badge.textContent())?.replace(/\D/g, '')).toBe(count);
  }).toPass();
}

async function pick(page: Page, label: string, option: string) {
  // The select's name is its label and then its value ('Zone All zones'; 'Type Zone time').
  await page.getByRole('combobox', { name: new RegExp(`^${label} `) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an Admin filters, acknowledges and resolves alerts one at a time and in bulk, with a note', async ({
  page,
  request,
}) => {
  const { site, suffix, zones, raise, cleanUp } = await setUp(request);
  try {
    const names = [1, 2, 3].map((i) => `Vaccine crate ${suffix}-${i}`);
    await raise(names[0] ?? '', zones.cold);
    await raise(names[1] ?? '', zones.cold);
    await raise(names[2] ?? '', zones.freezer);

    await signIn(page);
    await openAlerts(page, site);
    for (const name of names) await expect(rowOf(page, name)).toBeVisible();
    // The menu's badge and the heading count the open alerts the same way.
    await expectOneOpenCount(page);
    // Newest first: the freezer crate was raised last.
    const mine = page.getByTestId('alert-row').filter({ hasText: suffix });
    await expect(mine.first()).toContainText(names[2] ?? '');
    await expect(rowOf(page, names[0] ?? '')).toContainText(zones.cold.name);
    await expect(rowOf(page, names[0] ?? '').getByTestId('alert-state')).toHaveText('New');

    // The waiting time ticks.
    const since = rowOf(page, names[0] ?? '').getByTestId('alert-since');
    const first = await since.textContent();
    await expect(since).not.toHaveText(first ?? '', { timeout: 5000 });

    // Filters: a zone, a type, a state (kept in the URL).
    await pick(page, 'Zone', zones.freezer.name);
    await expect(page).toHaveURL(new RegExp(`zone=${zones.freezer.id}`));
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toContainText(names[2] ?? '');
    await pick(page, 'Zone', 'All zones');
    await pick(page, 'Type', 'Endpoint offline');
    await expect(mine).toHaveCount(0);
    await pick(page, 'Type', 'Zone time');
    await expect(mine).toHaveCount(3);
    await pick(page, 'Type', 'All types');

    // Filters that match nothing say so and offer to clear them.
    await pick(page, 'Zone', zones.freezer.name);
    await pick(page, 'State', 'Acknowledged');
    await expect(page.getByText('No alerts match the filters')).toBeVisible();
    await expect(page.getByText('No open alerts')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/zone=|state=/);
    await expect(mine).toHaveCount(3);

    await page.screenshot({ path: `${SCREENSHOTS}/alerts.png`, fullPage: true });
    await expectAccessible(page);

    // Acknowledge one, with a note, by keyboard: the row shows who is on it.
    const ackButton = page.getByRole('button', { name: `Acknowledge ${names[0]}` });
    await ackButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alert' });
    await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
    await page.keyboard.type('Driver on the way');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByText('Alert acknowledged')).toBeVisible();
    await expect(rowOf(page, names[0] ?? '').getByTestId('alert-state')).toHaveText('Acknowledged');
    await expect(rowOf(page, names[0] ?? '')).toContainText('by ');
    // Acknowledged alerts are still open: the counts agree.
    await expectOneOpenCount(page);

    // The state filter: only the acknowledged one, only the new ones, then every open one.
    await pick(page, 'State', 'Acknowledged');
    await expect(mine).toHaveCount(1);
    await pick(page, 'State', 'New');
    await expect(mine).toHaveCount(2);
    await pick(page, 'State', 'Open');
    await expect(mine).toHaveCount(3);

    // Bulk acknowledge counts only the alerts it changes: the acknowledged one stays as it is.
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
    await page.getByTestId('alert-bulk-bar').getByRole('button', { name: 'Acknowledge' }).click();
    const ackOne = page.getByRole('dialog', { name: 'Acknowledge alert' });
    await expect(ackOne).toContainText('1 selected alert is already acknowledged and stays as it is.');
    await expectAccessible(page);
    await ackOne.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByText('Alert acknowledged')).toBeVisible();
    await expect(rowOf(page, names[1] ?? '').getByTestId('alert-state')).toHaveText('Acknowledged');
    // Only acknowledged alerts selected: nothing left to acknowledge.
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await expect(
      page.getByTestId('alert-bulk-bar').getByRole('button', { name: 'Acknowledge' }),
    ).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).uncheck();

    // Resolve one from its row.
    await page.getByRole('button', { name: `Resolve ${names[2]}` }).click();
    await page
      .getByRole('dialog', { name: 'Resolve alert' })
      .getByRole('button', { name: 'Resolve' })
      .click();
    await expect(page.getByText('Alert resolved')).toBeVisible();
    await expect(rowOf(page, names[2] ?? '')).toHaveCount(0);

    // Bulk: select the two left and resolve them with a note.
    await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
    const bar = page.getByTestId('alert-bulk-bar');
    await expect(bar).toContainText('2 selected');
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-selecting.png`, fullPage: true });
    await bar.getByRole('button', { name: 'Resolve' }).click();
    const bulk = page.getByRole('dialog', { name: 'Resolve 2 alerts' });
    await bulk.getByLabel('Note (optional)').fill('Moved back to the cold chain');
    await bulk.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('2 alerts resolved')).toBeVisible();
    await expect(mine).toHaveCount(0);

    // Resolved alerts are a state to pick: listed without actions.
    await pick(page, 'State', 'Resolved');
    await expect(mine).toHaveCount(3);
    await expect(rowOf(page, names[0] ?? '').getByTestId('alert-state')).toHaveText('Resolved');
    await expect(page.getByRole('button', { name: `Resolve ${names[0]}` })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: `Select ${names[0]}` })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-resolved.png`, fullPage: true });
  } finally {
    await cleanUp();
  }
});

test('a new alert arrives live, and waits behind the banner while rows are selected', async ({
  page,
  request,
}) => {
  const { site, suffix, zones, raise, cleanUp } = await setUp(request);
  try {
    await raise(`Pallet ${suffix}-1`, zones.cold);
    await signIn(page);
    await openAlerts(page, site);
    const mine = page.getByTestId('alert-row').filter({ hasText: suffix });
    await expect(mine).toHaveCount(1);

    // Nothing selected, pointer away: the new alert shows on top as it is raised.
    await page.mouse.move(5, 5);
    await raise(`Pallet ${suffix}-2`, zones.freezer);
    await expect(mine).toHaveCount(2);
    await expect(mine.first()).toContainText(`Pallet ${suffix}-2`);

    // A row selected: the order holds, the banner offers the new one.
    await page.getByRole('checkbox', { name: `Select Pallet ${suffix}-1` }).check();
    await page.mouse.move(5, 5);
    await raise(`Pallet ${suffix}-3`, zones.cold);
    const banner = page.getByTestId('held-order-banner');
    await expect(banner).toContainText('1 updated');
    await expect(mine).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-held.png`, fullPage: true });
    await banner.getByRole('button', { name: 'show' }).click();
    await expect(mine).toHaveCount(3);
    await expect(mine.first()).toContainText(`Pallet ${suffix}-3`);
    // The selection survives the new order.
    await expect(page.getByRole('checkbox', { name: `Select Pallet ${suffix}-1` })).toBeChecked();
  } finally {
    await cleanUp();
  }
});

test("an alert's detail shows its state and timeline, acknowledged then resolved", async ({
  page,
  request,
}) => {
  const { site, suffix, zones, raise, cleanUp } = await setUp(request);
  try {
    const name = `Blood bag ${suffix}`;
    await raise(name, zones.cold);
    await signIn(page);
    await openAlerts(page, site);
    await rowOf(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: 'Zone time alert' })).toBeVisible();
    await expect(page.getByTestId('alert-state')).toHaveText('New');
    await expect(page.getByTestId('timeline-raised')).toBeVisible();

    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByRole('dialog').getByLabel('Note (optional)').fill('Checking the door seal');
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByTestId('alert-state')).toHaveText('Acknowledged');
    await expect(page.getByTestId('timeline-acknowledged')).toContainText('Acknowledged by');
    await expect(page.getByTestId('alert-note')).toHaveText('Checking the door seal');
    await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
    await closeErrorBar(page);
    await page.screenshot({ path: `${SCREENSHOTS}/alert-detail.png`, fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByTestId('alert-state')).toHaveText('Resolved');
    await expect(page.getByTestId('timeline-resolved')).toContainText('Resolved by');
    await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  } finally {
    await cleanUp();
  }
});

/** A stand-in for the browser's Notification: it counts permission requests and keeps what is shown. */
async function fakeNotifications(
  page: Page,
  permission: 'default' | 'denied',
  answer: 'granted' | 'default',
) {
  await page.addInitScript(
    ([initial, reply]) => {
      const w = window as unknown as { asked: number; shown: string[]; Notification: unknown };
      w.asked = 0;
      w.shown = [];
      let permission: string = initial;
      class FakeNotification {
        static get permission() {
          return permission;
        }
        static async requestPermission() {
          w.asked += 1;
          permission = reply;
          return permission;
        }
        onclick: (() => void) | null = null;
        constructor(title: string, options?: { body?: string }) {
          w.shown.push(`${title}: ${options?.body ?? ''}`);
        }
        close() {}
      }
      w.Notification = FakeNotification;
    },
    [permission, answer] as const,
  );
}

const asked = (page: Page) => page.evaluate(() => (window as unknown as { asked: number }).asked);
const shown = (page: Page) => page.evaluate(() => (window as unknown as { shown: string[] }).shown);

test('browser notifications are asked for only when enabled, then show a burst as one', async ({
  page,
  request,
}) => {
  await fakeNotifications(page, 'default', 'granted');
  const { site, suffix, zones, raise, raiseMany, cleanUp } = await setUp(request);
  try {
    await signIn(page);
    await openAlerts(page, site);
    await page.waitForTimeout(500);
    expect(await asked(page)).toBe(0);
    // Undecided is not blocked: the way to allow them is offered instead.
    await expect(page.getByTestId('notifications-blocked')).toHaveCount(0);
    const enable = page.getByRole('button', { name: 'Enable notifications' });
    await enable.focus();
    await page.keyboard.press('Enter');
    const toggle = page.getByLabel('Notifications', { exact: true });
    await expect(toggle).toBeChecked();
    expect(await asked(page)).toBe(1);
    await expectAccessible(page);

    await raise(`Insulin box ${suffix}`, zones.cold);
    await expect.poll(async () => (await shown(page)).join('\n')).toContain(`Insulin box ${suffix}`);
    expect(await shown(page)).toHaveLength(1);

    // Three alerts raised at once: one notification for the burst.
    await raiseMany(
      [1, 2, 3].map((i) => `Serum ${suffix}-${i}`),
      zones.freezer,
    );
    await expect.poll(async () => (await shown(page)).length).toBe(2);
    await page.waitForTimeout(2000);
    const all = await shown(page);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatch(/^3 new alerts: /);
    expect(all[1]).toContain(`Serum ${suffix}-1`);
  } finally {
    await cleanUp();
  }
});

test('dismissing the browser’s question is not blocking; a refusal says blocked', async ({
  page,
  request,
}) => {
  await fakeNotifications(page, 'default', 'default');
  const { site, cleanUp } = await setUp(request);
  try {
    await signIn(page);
    await openAlerts(page, site);
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await expect.poll(() => asked(page)).toBe(1);
    await expect(page.getByTestId('notifications-blocked')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Enable notifications' })).toBeVisible();
    await expect(page.getByText(/blocked/i)).toHaveCount(0);

    await page.evaluate(() => {
      Object.defineProperty((window as unknown as { Notification: object }).Notification, 'permission', {
        get: () => 'denied',
      });
      window.dispatchEvent(new Event('sightline:alert-notifications'));
    });
    await expect(page.getByTestId('notifications-blocked')).toHaveText(
      "Blocked in this browser's settings for this site",
    );
    await expect(page.getByLabel('Notifications', { exact: true })).toBeDisabled();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-notifications-blocked.png` });
  } finally {
    await cleanUp();
  }
});

test("an alert's events cover its period, from the stay's start to now", async ({ page, request }) => {
  const { site, suffix, zones, raise, cleanUp } = await setUp(request);
  try {
    const name = `Plasma ${suffix}`;
    // In the cold room from two days ago until a minute ago: the alert began days before today.
    await raise(name, zones.cold, 2 * 24 * 60);
    await signIn(page);
    await openAlerts(page, site);
    await rowOf(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: 'Zone time alert' })).toBeVisible();
    const events = page.getByRole('table').filter({ hasText: zones.cold.name });
    // Today's sighting in the hallway (it left) is inside the range, as is the stay's first.
    await expect(events).toContainText(zones.hallway.name);
    await expect(events).toContainText(zones.cold.name);
    // The range's dates as the filter shows them (YYYY/MM/DD): the stay's first day to today.
    const day = (d: Date) =>
      `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}`;
    const dateOf = (label: string) =>
      page.locator('.MuiPickersTextField-root').filter({ hasText: label }).locator('input');
    await expect(dateOf('Start Date')).toHaveValue(day(new Date(Date.now() - 2 * 24 * 3600_000 - 60_000)));
    await expect(dateOf('End Date')).toHaveValue(day(new Date()));
  } finally {
    await cleanUp();
  }
});

test('a missing alert is the not-found state with the way back to Alerts', async ({ page, request }) => {
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  await signIn(page);
  await page.goto(`/exceptions/5f00000000000000000000ff?site=${sites[0]?._id ?? ''}`);
  await expect(page.getByText('This alert does not exist')).toBeVisible();
  await expect(page.getByText('Not Found', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/alert-not-found.png` });
  const back = page.getByRole('button', { name: 'Back to Alerts' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
});

test('a reader gone offline shows its time on the site’s clock and the reader, not things', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const suffix = uniq();
  // A site of its own: its offline time (1 minute) reaches no other test's readers.
  const site = (await (
    await api.post('/api/sites', {
      name: `Zz far site ${suffix}`,
      startDate: '2024-03-01',
      timezone: { id: 'Pacific/Auckland' },
    })
  ).json()) as { _id: string };
  const reader = (await (
    await api.post('/api/endpoints', { name: `Roof reader ${suffix}`, site: site._id })
  ).json()) as { _id: string; uuid: string; key: string };
  try {
    expect(
      (await api.post(`/api/orgsettings?site=${site._id}`, { offlineAfterMinutes: 1 })).ok(),
    ).toBeTruthy();
    const beat = await request.post('/api/ingest/heartbeat', { headers: readerHeaders(reader), data: {} });
    expect(beat.ok(), await beat.text()).toBeTruthy();
    // The alerts' job runs every minute: the reader is offline within two.
    let alert: { _id: string; stayStart: string } | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (
            await api.get(`/api/exceptions?site=${site._id}&type=endpointOffline`)
          ).json()) as { _id: string; stayStart: string }[];
          alert = list[0];
          return list.length;
        },
        { timeout: 200_000, intervals: [5000] },
      )
      .toBe(1);
    const stayStart = alert?.stayStart ?? '';
    const onSiteClock = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Pacific/Auckland',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    }).formatToParts(new Date(stayStart));
    const part = (type: string) => onSiteClock.find((p) => p.type === type)?.value ?? '';
    const shown = `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;

    await signIn(page);
    await page.goto(`/alerts?site=${site._id}`);
    const row = rowOf(page, `Roof reader ${suffix}`);
    await expect(row).toContainText(`Roof reader ${suffix} has been offline since ${shown}`);
    await expect(row).not.toContainText(stayStart);
    await row.getByRole('link', { name: `Roof reader ${suffix}` }).click();
    await expect(page.getByRole('heading', { name: 'Endpoint offline alert' })).toBeVisible();
    await expect(page.getByTestId('exception-message')).toHaveText(
      `Roof reader ${suffix} has been offline since ${shown}`,
    );
    const panel = page.getByTestId('exception-endpoint');
    await expect(panel.getByRole('heading', { name: 'Reader' })).toBeVisible();
    await expect(panel.getByRole('link', { name: `Roof reader ${suffix}` })).toBeVisible();
    await expect(panel).toContainText(`Last heard from ${shown}`);
    await expect(page.getByRole('heading', { name: 'Things' })).toHaveCount(0);
    await expect(page.getByText('No things')).toHaveCount(0);
    await closeErrorBar(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/alert-endpoint-offline.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/alert-endpoint-offline-phone.png`, fullPage: true });
  } finally {
    const open = (await (
      await api.get(`/api/exceptions?site=${site._id}&state=open,acknowledged`)
    ).json()) as {
      _id: string;
    }[];
    if (open.length) await api.post('/api/exceptions/resolve', { ids: open.map((e) => e._id) });
    await api.delete(`/api/endpoints/${reader._id}`);
    await api.delete(`/api/sites/${site._id}`);
  }
});

test('a Viewer sees the alerts without acknowledge or resolve controls', async ({ page, request }) => {
  const { api, site, suffix, zones, raise, cleanUp } = await setUp(request);
  try {
    const name = `Forklift ${suffix}`;
    await raise(name, zones.cold);
    const viewer = await makeViewer(api, 'Alert Viewer', 'alerts-viewer');
    await signIn(page, viewer, USER_PASSWORD);
    await openAlerts(page, site);
    await expect(rowOf(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Acknowledge|Resolve)/ })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Alerts' }).getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Select all alerts' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/alerts-viewer.png`, fullPage: true });
    await expectAccessible(page);
    await rowOf(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: 'Zone time alert' })).toBeVisible();
    await expect(page.getByTestId('alert-state')).toHaveText('New');
    await expect(page.getByRole('button', { name: /^(Acknowledge|Resolve)$/ })).toHaveCount(0);
    await closeErrorBar(page);
    await page.screenshot({ path: `${SCREENSHOTS}/alert-detail-viewer.png`, fullPage: true });
    await expectAccessible(page);
  } finally {
    await cleanUp();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('rows stack and the bulk actions stay in reach', async ({ page, request }) => {
    const { site, suffix, zones, raise, cleanUp } = await setUp(request);
    try {
      const names = [1, 2].map((i) => `Scanner ${suffix}-${i}`);
      for (const name of names) await raise(name, zones.cold);
      await signIn(page);
      await page.goto(`/alerts?site=${site}`);
      const mine = page.getByTestId('alert-row').filter({ hasText: suffix });
      await expect(mine).toHaveCount(2);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(mine.first()).toContainText('Zone:');
      await page.screenshot({ path: `${SCREENSHOTS}/alerts-phone.png`, fullPage: true });
      await expectAccessible(page);

      for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
      const bar = page.getByTestId('alert-bulk-bar');
      await expect(bar).toBeInViewport();
      await bar.getByRole('button', { name: 'Acknowledge' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
      await expect(page.getByText('2 alerts acknowledged')).toBeVisible();
      for (const name of names)
        await expect(rowOf(page, name).getByTestId('alert-state')).toHaveText('Acknowledged');
      await closeErrorBar(page);
      await page.screenshot({ path: `${SCREENSHOTS}/alerts-phone-acknowledged.png`, fullPage: true });
    } finally {
      await cleanUp();
    }
  });
});
