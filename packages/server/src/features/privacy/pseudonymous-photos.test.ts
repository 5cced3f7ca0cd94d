/**
 * Pseudonymous workers, photos and order: with the site setting `pseudonymizeWorkers` on, a
 * caller without `identify` on `workers` (Viewer, Operator) gets no photo of such a worker from
 * the photo catalogue — not in lists, not by id (record, files), not in the CSV or zip downloads,
 * not through bulk changes — while an Admin gets them all; and a thing list sorted by name, serial
 * or description orders those workers by what the caller sees (the pseudonym, empty serial and
 * description), never by their real values.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  makeApp,
  makePhoto,
  makeTenant,
  makeThing,
  uploadPhotos,
} from '../../../test/factories.js';
import { workerPseudonym } from './pseudonyms.js';

const app = await makeApp();
const { db } = app.ctx;

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

async function pseudonymize(t: Tenant, on: boolean) {
  const res = await t.admin.request('POST', `/api/orgsettings?site=${t.site.id}`, {
    pseudonymizeWorkers: on,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A site with a worker and an item, each with a photo from its Photo tab, and a loose photo. */
async function photoScenario() {
  const t = await makeTenant(app);
  const ann = await makeThing(db, t.org.id, t.site.id, { name: 'Ann Example', class: 'worker' });
  const drill = await makeThing(db, t.org.id, t.site.id, { name: 'Drill' });
  const upload = async (fileName: string, thing?: string) => {
    const res = await uploadPhotos(t.admin, t.site.id, [
      { name: 'file', file: await makePhoto(), filename: fileName },
      ...(thing ? [{ name: 'thing', value: thing }] : []),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }[])[0]?.id as string;
  };
  const photos = {
    ann: await upload('ann-example.jpg', ann.id),
    drill: await upload('drill.jpg', drill.id),
    loose: await upload('dock.jpg'),
  };
  return { t, ann, drill, photos };
}

const ids = (body: string) => (JSON.parse(body) as { id: string }[]).map((i) => i.id).sort();

describe('photos of pseudonymous workers', () => {
  it('are withheld from a caller without identify in lists, details, files and downloads; an Admin gets them', async () => {
    const { t, photos } = await photoScenario();
    const everything = [photos.ann, photos.drill, photos.loose].sort();
    const all = `${photos.ann},${photos.drill},${photos.loose}`;
    // Off: everyone with read on images gets every photo.
    expect(ids((await t.viewer.request('GET', `/api/images?site=${t.site.id}`)).body)).toEqual(everything);
    await pseudonymize(t, true);

    for (const [who, client] of [
      ['viewer', t.viewer],
      ['operator', t.operator],
    ] as const) {
      const list = await client.request('GET', `/api/images?site=${t.site.id}`);
      expect(list.statusCode, who).toBe(200);
      expect(ids(list.body), who).toEqual([photos.drill, photos.loose].sort());
      expect(list.headers['x-total-count'], who).toBe('2');
      expect(list.body, who).not.toContain('ann-example');
      for (const path of ['meta', '', 'thumb', 'mini', 'zip', 'csv'])
        expect(
          (await client.request('GET', `/api/images/${photos.ann}/${path}`)).statusCode,
          `${who} ${path}`,
        ).toBe(404);
      // Asked with other photos: the whole call is refused, as for any photo it may not read.
      expect((await client.request('GET', `/api/images/${all}/csv`)).statusCode, who).toBe(404);
      // Filtered downloads leave the worker's photo out.
      const csv = await client.request('GET', `/api/images//csv?site=${t.site.id}`);
      expect(csv.statusCode, who).toBe(200);
      expect(csv.body, who).toContain(photos.drill);
      expect(csv.body, who).not.toContain(photos.ann);
      expect(csv.body, who).not.toContain('ann-example');
      const zip = await client.request('GET', `/api/images//zip?site=${t.site.id}`);
      expect(zip.statusCode, who).toBe(200);
      const entries = Object.keys((await JSZip.loadAsync(zip.rawPayload)).files).sort();
      expect(entries, who).toEqual(['dock.jpg', 'drill.jpg']);
    }
    // Bulk changes reach only what the caller sees: the Operator's tag on every photo skips Ann's,
    // and naming her photo is a 404 that changes nothing.
    const tagged = await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&nocategories=true`, {
      addTags: ['seen'],
    });
    expect([tagged.statusCode, tagged.body]).toEqual([200, JSON.stringify({ count: 2 })]);
    const named = await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&ids=${photos.ann}`, {
      addTags: ['named'],
    });
    expect(named.statusCode).toBe(404);
    expect(
      (await t.operator.request('PUT', `/api/images/${photos.ann}/meta`, { tags: ['x'], categories: [] }))
        .statusCode,
    ).toBe(404);
    expect((await t.operator.request('DELETE', `/api/images/${photos.ann}`)).statusCode).toBe(404);

    // The Admin (identify) gets everything, Ann's photo untouched by the Operator's calls.
    const byAdmin = await t.admin.request('GET', `/api/images?site=${t.site.id}`);
    expect(ids(byAdmin.body)).toEqual(everything);
    const annPhoto = await t.admin.request('GET', `/api/images/${photos.ann}/meta`);
    expect(annPhoto.statusCode).toBe(200);
    expect(annPhoto.json()).toMatchObject({ fileName: 'ann-example.jpg', tags: [] });
    expect((await t.admin.request('GET', `/api/images/${all}/csv`)).statusCode).toBe(200);
    expect((await t.admin.request('GET', `/api/images/${photos.ann}/thumb`)).statusCode).toBe(200);

    // Off again: the Viewer gets the photo back.
    await pseudonymize(t, false);
    expect((await t.viewer.request('GET', `/api/images/${photos.ann}/meta`)).statusCode).toBe(200);
  });

  it('answers 401, 403, 400 (nothing stored) and 404 for another organization, as before', async () => {
    const { t, photos } = await photoScenario();
    await pseudonymize(t, true);
    expect((await anonymous(app).request('GET', `/api/images?site=${t.site.id}`)).statusCode).toBe(401);
    const other = await makeTenant(app);
    expect((await other.admin.request('GET', `/api/images/${photos.drill}/meta`)).statusCode).toBe(404);
    expect((await other.admin.request('GET', `/api/images?site=${t.site.id}`)).statusCode).toBe(404);
    expect((await t.viewer.request('GET', `/api/images?site=${t.site.id}&limit=x`)).statusCode).toBe(400);
    // 403 for a caller without modify on images, 400 for a bad change, and nothing stored by either.
    const change = (client: Tenant['viewer'], body: unknown) =>
      client.request('PUT', `/api/images/meta?site=${t.site.id}&nocategories=true`, body);
    expect((await change(t.viewer, { addTags: ['v'] })).statusCode).toBe(403);
    expect((await change(t.operator, { addTags: 'not a list' })).statusCode).toBe(400);
    const stored = await t.admin.request('GET', `/api/images?site=${t.site.id}`);
    expect((stored.json() as { tags: string[] }[]).flatMap((i) => i.tags)).toEqual([]);
    expect(ids(stored.body)).toContain(photos.ann);
  });
});

describe('sorting things of pseudonymous workers', () => {
  it('orders them by the pseudonym, empty serial and description the caller sees', async () => {
    const t = await makeTenant(app);
    // Names, serials and descriptions in one order; pseudonyms decide the order a Viewer sees.
    const workers = [];
    for (const [i, name] of ['Aaron', 'Berta', 'Carl', 'Dora', 'Emil', 'Frida'].entries())
      workers.push(
        await makeThing(db, t.org.id, t.site.id, {
          name,
          class: 'worker',
          serial: `S${i}`,
          description: `${name} description`,
        }),
      );
    const item = await makeThing(db, t.org.id, t.site.id, { name: 'Mallet', serial: 'S9', description: 'M' });
    await pseudonymize(t, true);
    const list = async (client: Tenant['viewer'], sort: string) => {
      const res = await client.request('GET', `/api/things?site=${t.site.id}&sort=${sort}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { _id: string; name: string }[]).map((r) => r._id);
    };
    const pseudonymOrder = [
      ...workers.map((w) => ({ id: w.id, key: workerPseudonym(w.id).toLowerCase() })),
      { id: item.id, key: 'mallet' },
    ]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((r) => r.id);
    expect(await list(t.viewer, 'name')).toEqual(pseudonymOrder);
    expect(await list(t.viewer, '-name')).toEqual([...pseudonymOrder].reverse());
    // Serial and description: the workers' are empty to the Viewer, so they all sort before the item.
    expect((await list(t.viewer, 'serial')).at(-1)).toBe(item.id);
    expect((await list(t.viewer, 'description')).at(-1)).toBe(item.id);
    // Paging follows the same order: page 2 of 3 continues page 1.
    const page = async (n: number) =>
      (
        (
          await t.viewer.request('GET', `/api/things?site=${t.site.id}&sort=name&limit=3&page=${n}`)
        ).json() as {
          _id: string;
        }[]
      ).map((r) => r._id);
    expect([...(await page(0)), ...(await page(1)), ...(await page(2))]).toEqual(pseudonymOrder);
    // The Admin sees names and sorts by them.
    expect(await list(t.admin, 'name')).toEqual([...workers.map((w) => w.id), item.id]);
  });
});
