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
  /** A thing that stayed five minutes in `where` (allowed: 2) and then walked out: an open alert. */
  const raise = async (name: string, where: { antenna: number }) => {
    const tag = randomEpc();
    const res = await api.post('/api/things', { name, site, tag1: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    things.push(((await res.json()) as { _id: string })._id);
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    // One batch: the overrun is raised as the thing leaves, so it stays open (a stay still running
    // could be raised by the jobs first and then resolved by the leaving).
    await ingest(request, reader, [
      { tag, antenna: where.antenna, time: minutesAgo(6) },
      { tag, antenna: 2, time: minutesAgo(1) },
    ]);
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
  return { api, site, suffix, zones, raise, cleanUp };
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

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
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
    // The menu's badge counts the open alerts.
    await expect(page.getByTestId('menu-badge-alerts')).toBeVisible();
    for (const name of names) await expect(rowOf(page, name)).toBeVisible();
    // Newest first: the freezer crate was raised last.
    const mine = page.getByTestId('alert-row').filter({ hasText: suffix });
    await expect(mine.first()).toContainText(names[2] ?? '');
    await expect(rowOf(page, names[0] ?? '')).toContainText(zones.cold.name);
    await expect(rowOf(page, names[0] ?? '').getByTestId('alert-state')).toHaveText('Open');

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

    // The state filter: only the acknowledged one, then only the open ones.
    await pick(page, 'State', 'Acknowledged');
    await expect(mine).toHaveCount(1);
    await pick(page, 'State', 'Open');
    await expect(mine).toHaveCount(2);
    await pick(page, 'State', 'Unresolved');
    await expect(mine).toHaveCount(3);

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
    await expect(page.getByRole('heading', { name: 'Zone time exception' })).toBeVisible();
    await expect(page.getByTestId('alert-state')).toHaveText('Open');
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

test('browser notifications are asked for only when turned on, then show new alerts', async ({
  page,
  request,
}) => {
  // A stand-in for the browser's Notification: it counts permission requests and keeps what is shown.
  await page.addInitScript(() => {
    const w = window as unknown as { asked: number; shown: string[]; Notification: unknown };
    w.asked = 0;
    w.shown = [];
    let permission = 'default';
    class FakeNotification {
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        w.asked += 1;
        permission = 'granted';
        return permission;
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        w.shown.push(`${title}: ${options?.body ?? ''}`);
      }
      close() {}
    }
    w.Notification = FakeNotification;
  });
  const { site, suffix, zones, raise, cleanUp } = await setUp(request);
  try {
    await signIn(page);
    await openAlerts(page, site);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    const toggle = page.getByRole('switch', { name: 'Notifications' }).or(page.getByLabel('Notifications'));
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(toggle).toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);

    await raise(`Insulin box ${suffix}`, zones.cold);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shown: string[] }).shown.join('\n')))
      .toContain(`Insulin box ${suffix}`);
  } finally {
    await cleanUp();
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
    await expect(page.getByRole('heading', { name: 'Zone time exception' })).toBeVisible();
    await expect(page.getByTestId('alert-state')).toHaveText('Open');
    await expect(page.getByRole('button', { name: /^(Acknowledge|Resolve)$/ })).toHaveCount(0);
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
