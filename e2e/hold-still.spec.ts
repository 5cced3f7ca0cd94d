/**
 * Live lists that hold still: with the pointer on a row of the items list, the Events list or a
 * zone of Zone Status, sightings that reorder the list leave that row where it is (values still
 * update in place), a banner offers the new order, and "show" applies it.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, firstSite, ingest, makeReader, randomEpc, SCREENSHOTS, signIn, uniq } from './fixtures';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/**
 * A reader gating one zone per antenna and `count` things named `{prefix} {i}`, each seen on
 * antenna 1 a minute after the one before (the newest zone entry is the last thing's), with the
 * clean-up that removes them all.
 */
async function holdSetUp(request: APIRequestContext, antennas: number, count: number, prefix: string) {
  const api = await adminApi(request);
  const site = await firstSite(api);
  const suffix = uniq();
  const reader = await makeReader(api, site, `Hold ${suffix}`);
  const zones: { id: string; name: string }[] = [];
  for (let antenna = 1; antenna <= antennas; antenna += 1) {
    const name = `${antenna === 1 ? 'Dock' : 'Yard'} ${suffix}`;
    const res = await api.post('/api/zones', {
      name,
      site,
      gates: [{ endpoint: reader._id, direction: 'NEAR', antenna }],
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    zones.push({ id: ((await res.json()) as { _id: string })._id, name });
  }
  const things: { id: string; tag: string; name: string }[] = [];
  for (let i = 1; i <= count; i += 1) {
    const tag = randomEpc();
    const name = `Hold ${suffix} ${prefix} ${i}`;
    const res = await api.post('/api/things', { name, site, tag1: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    things.push({ id: ((await res.json()) as { _id: string })._id, tag, name });
  }
  for (const [i, t] of things.entries())
    await ingest(request, reader, [{ tag: t.tag, antenna: 1, time: minutesAgo(10 - i) }]);
  const cleanUp = async () => {
    for (const t of things) await api.delete(`/api/things/${t.id}`);
    for (const z of zones) await api.delete(`/api/zones/${z.id}`);
    await api.delete(`/api/endpoints/${reader._id}`);
  };
  return { site, suffix, reader, zones, things, cleanUp };
}

test('the items list holds its order under the pointer and shows the new one on request', async ({
  page,
  request,
}) => {
  const { site, suffix, reader, zones, things, cleanUp } = await holdSetUp(request, 2, 5, 'crate');
  try {
    // Crate 1 entered the dock first, crate 5 last: newest zone entry first is 5, 4, 3, 2, 1.
    await signIn(page);
    await page.goto(`/items?site=${site}&search=${encodeURIComponent(`Hold ${suffix}`)}`);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('crate 5');
    const third = rows.nth(2);
    await expect(third).toContainText('crate 3');
    await third.hover();

    // Crate 1 walks into the yard now: the newest zone entry, which would put it on top.
    await ingest(request, reader, [{ tag: things[0]?.tag, antenna: 2, time: new Date().toISOString() }]);
    const banner = page.getByTestId('held-order-banner');
    await expect(banner).toContainText('1 updated');
    // The row under the pointer stayed; crate 1's new zone shows in its old place.
    await expect(rows.nth(2)).toContainText('crate 3');
    await expect(rows.nth(4)).toContainText('crate 1');
    await expect(rows.nth(4)).toContainText(zones[1]?.name ?? 'Yard');
    await page.screenshot({ path: `${SCREENSHOTS}/list-held-order.png` });
    await expectAccessible(page);

    await banner.getByRole('button', { name: 'show' }).click();
    await expect(rows.first()).toContainText('crate 1');
    await expect(banner).toHaveCount(0);
    await expect(rows.nth(3)).toContainText('crate 3');
  } finally {
    await cleanUp();
  }
});

test('the Events list holds its order under the pointer and shows the new events on request', async ({
  page,
  request,
}) => {
  const { site, reader, things, cleanUp } = await holdSetUp(request, 2, 4, 'event');
  try {
    await signIn(page);
    await page.goto(`/events?site=${site}&endpoint=${reader._id}`);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(4);
    const third = rows.nth(2);
    const before = await third.innerText();
    await third.hover();

    // Thing 1 is seen in the other zone now: a new event, the newest, which would go on top.
    await ingest(request, reader, [{ tag: things[0]?.tag, antenna: 2, time: new Date().toISOString() }]);
    const banner = page.getByTestId('held-order-banner');
    await expect(banner).toContainText('updated');
    await expect(rows).toHaveCount(4);
    expect(await rows.nth(2).innerText()).toBe(before);
    await expectAccessible(page);

    await banner.getByRole('button', { name: 'show' }).click();
    await expect(rows).toHaveCount(5);
    await expect(banner).toHaveCount(0);
  } finally {
    await cleanUp();
  }
});

test('a zone of Zone Status holds its order under the pointer and shows the new one on request', async ({
  page,
  request,
}) => {
  const { site, reader, zones, things, cleanUp } = await holdSetUp(request, 2, 5, 'tote');
  try {
    await signIn(page);
    await page.goto(`/reports/zones?site=${site}`);
    await expect(page.getByRole('heading', { name: 'Zone Status' })).toBeVisible();
    const dock = page.getByRole('table', { name: `In ${zones[0]?.name}` });
    const rows = dock.locator('tbody tr');
    // Tote 1 entered the dock first, tote 5 last: newest entry first is 5, 4, 3, 2, 1.
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('tote 5');
    await expect(rows.nth(4)).toContainText('tote 1');
    await expect(rows.nth(4)).toContainText('10 min');
    const third = rows.nth(2);
    await expect(third).toContainText('tote 3');
    await third.hover();

    // Tote 1 steps into the yard and back into the dock: the newest entry, which would put it on top.
    await ingest(request, reader, [
      { tag: things[0]?.tag, antenna: 2, time: minutesAgo(0.5) },
      { tag: things[0]?.tag, antenna: 1, time: new Date().toISOString() },
    ]);
    const banner = page.getByTestId('held-order-banner');
    await expect(banner).toContainText('1 updated');
    // The row under the pointer stayed; tote 1's new stay shows in its old place, and the clocks tick.
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(2)).toContainText('tote 3');
    await expect(rows.nth(4)).toContainText('tote 1');
    await expect(rows.nth(4)).not.toContainText('min');
    await expect(rows.first()).toContainText('tote 5');
    await page.screenshot({ path: `${SCREENSHOTS}/zone-status-held-order.png` });
    await expectAccessible(page);

    await banner.getByRole('button', { name: 'show' }).click();
    await expect(rows.first()).toContainText('tote 1');
    await expect(banner).toHaveCount(0);
    await expect(rows.nth(3)).toContainText('tote 3');
  } finally {
    await cleanUp();
  }
});
