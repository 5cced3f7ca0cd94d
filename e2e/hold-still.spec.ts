/**
 * Live lists that hold still: with the pointer on a row of the items list, sightings that reorder
 * the list leave that row where it is (values still update in place), a banner offers the new
 * order, and "show" applies it.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

const epc = () =>
  `E280${Array.from({ length: 20 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('')}`;

async function ingest(
  request: APIRequestContext,
  endpoint: { uuid: string; key: string },
  sightings: unknown[],
) {
  const res = await request.post('/api/ingest/sightings', {
    headers: { authorization: `Bearer ${endpoint.key}`, 'x-endpoint-uuid': endpoint.uuid },
    data: { sightings },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('the items list holds its order under the pointer and shows the new one on request', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  const site = sites[0]?._id ?? '';
  const suffix = uniq();
  const reader = (await (await api.post('/api/endpoints', { name: `Hold ${suffix}`, site })).json()) as {
    _id: string;
    uuid: string;
    key: string;
  };
  const zone = async (name: string, antenna: number) =>
    (
      (await (
        await api.post('/api/zones', {
          name,
          site,
          gates: [{ endpoint: reader._id, direction: 'NEAR', antenna }],
        })
      ).json()) as { _id: string }
    )._id;
  const dock = await zone(`Dock ${suffix}`, 1);
  const yard = await zone(`Yard ${suffix}`, 2);
  const things: { id: string; tag: string; name: string }[] = [];
  for (let i = 1; i <= 5; i += 1) {
    const tag = epc();
    const name = `Hold ${suffix} crate ${i}`;
    const res = await api.post('/api/things', { name, site, tag1: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    things.push({ id: ((await res.json()) as { _id: string })._id, tag, name });
  }
  try {
    // Crate 1 entered the dock first, crate 5 last: newest zone entry first is 5, 4, 3, 2, 1.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    for (const [i, t] of things.entries())
      await ingest(request, reader, [{ tag: t.tag, antenna: 1, time: minutesAgo(10 - i) }]);

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
    await expect(rows.nth(4)).toContainText(`Yard ${suffix}`);
    await page.screenshot({ path: `${SCREENSHOTS}/list-held-order.png` });
    await expectAccessible(page);

    await banner.getByRole('button', { name: 'show' }).click();
    await expect(rows.first()).toContainText('crate 1');
    await expect(banner).toHaveCount(0);
    await expect(rows.nth(3)).toContainText('crate 3');
  } finally {
    for (const t of things) await api.delete(`/api/things/${t.id}`);
    await api.delete(`/api/zones/${dock}`);
    await api.delete(`/api/zones/${yard}`);
    await api.delete(`/api/endpoints/${reader._id}`);
  }
});

test('the Events list holds its order under the pointer and shows the new events on request', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  const site = sites[0]?._id ?? '';
  const suffix = uniq();
  const reader = (await (await api.post('/api/endpoints', { name: `Hold ${suffix}`, site })).json()) as {
    _id: string;
    uuid: string;
    key: string;
  };
  const zones: string[] = [];
  for (const antenna of [1, 2]) {
    const res = await api.post('/api/zones', {
      name: `Hold ${antenna} ${suffix}`,
      site,
      gates: [{ endpoint: reader._id, direction: 'NEAR', antenna }],
    });
    zones.push(((await res.json()) as { _id: string })._id);
  }
  const things: { id: string; tag: string }[] = [];
  for (let i = 1; i <= 4; i += 1) {
    const tag = epc();
    const res = await api.post('/api/things', { name: `Hold ${suffix} event ${i}`, site, tag1: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    things.push({ id: ((await res.json()) as { _id: string })._id, tag });
  }
  try {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    for (const [i, t] of things.entries())
      await ingest(request, reader, [{ tag: t.tag, antenna: 1, time: minutesAgo(10 - i) }]);
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
    for (const t of things) await api.delete(`/api/things/${t.id}`);
    for (const z of zones) await api.delete(`/api/zones/${z}`);
    await api.delete(`/api/endpoints/${reader._id}`);
  }
});
