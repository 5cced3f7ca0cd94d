import { IMAGE_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  makeApp,
  makeImage,
  makePhoto,
  makeTenant,
  uploadPhotos,
} from '../../../test/factories.js';
import { images } from '../../db/schema.js';

const app = await makeApp();

async function catalogue() {
  const t = await makeTenant(app);
  const cat = (name: string) =>
    t.admin
      .request('POST', '/api/categories', { name: `${name} ${t.org.id.slice(-6)}` })
      .then((r) => r.json());
  const damage = await cat('Damage');
  const kits = await cat('Kits');
  const day = (d: number) => new Date(Date.UTC(2025, 0, d, 12));
  const ids = {
    a: await makeImage(app, t.org.id, t.site.id, {
      timestamp: day(1),
      tags: ['forklift', 'dock'],
      categories: [damage.id],
      annotation: 'Dented panel on arrival',
      uploader: t.admin.userId,
    }),
    b: await makeImage(app, t.org.id, t.site.id, {
      timestamp: day(2),
      tags: ['dock'],
      categories: [kits.id],
    }),
    c: await makeImage(app, t.org.id, t.site.id, { timestamp: day(3), annotation: 'Forklifts parked' }),
    d: await makeImage(app, t.org.id, t.site.id, {
      timestamp: day(4),
      tags: ['=cmd|calc'],
      annotation: '@SUM(1)',
    }),
  };
  return { t, damage, kits, ids };
}

const idsOf = (res: { json(): { id: string }[] }) => res.json().map((i) => i.id);

describe('GET api/images (the catalogue filter)', () => {
  it('filters by category, tag, uploader, words or substrings, dates, OR, without tags or categories', async () => {
    const { t, damage, kits, ids } = await catalogue();
    const q = (query: string) => t.viewer.request('GET', `/api/images?site=${t.site.id}&${query}`);
    const all = await q('');
    expect(idsOf(all)).toEqual([ids.d, ids.c, ids.b, ids.a]); // newest first
    expect(all.headers['x-total-count']).toBe('4');
    expect(idsOf(await q(`category=${damage.id}`))).toEqual([ids.a]);
    expect(idsOf(await q('tag=dock'))).toEqual([ids.b, ids.a]);
    expect(idsOf(await q('tag=dock&tag=forklift'))).toEqual([ids.a]);
    expect(idsOf(await q(`tag=forklift&or=true&category=${kits.id}`))).toEqual([ids.b, ids.a]);
    expect(idsOf(await q(`uploader=${t.admin.userId}`))).toEqual([ids.a]);
    // whole words in comment, tags and category names; substrings with partial
    expect(idsOf(await q('search=forklift'))).toEqual([ids.a]);
    expect(idsOf(await q('search=forklift&partial=true'))).toEqual([ids.c, ids.a]);
    expect(idsOf(await q('search=dented%20panel'))).toEqual([ids.a]);
    expect(idsOf(await q('search=kits'))).toEqual([ids.b]);
    expect(idsOf(await q('search=dent'))).toEqual([]);
    expect(idsOf(await q('search=(%5B.*'))).toEqual([]); // regex characters are literal
    expect(idsOf(await q('search=%25&partial=true'))).toEqual([]); // LIKE characters too
    expect(idsOf(await q('start=2025-01-02T00:00:00Z&end=2025-01-03T23:59:59Z'))).toEqual([ids.c, ids.b]);
    expect(idsOf(await q('notags=true'))).toEqual([ids.c]);
    expect(idsOf(await q('nocategories=true'))).toEqual([ids.d, ids.c]);
    expect(idsOf(await q('notags=true&nocategories=true&or=true'))).toEqual([ids.d, ids.c]);
    // paging
    const page = await q('limit=2&page=1');
    expect(idsOf(page)).toEqual([ids.b, ids.a]);
    expect(page.headers['x-total-count']).toBe('4');
  });

  it('rejects a bad filter (400), needs sign-in (401), hides other organizations (404)', async () => {
    const { t } = await catalogue();
    const other = await makeTenant(app);
    for (const query of [
      'start=yesterday',
      'category=x',
      'limit=0',
      'limit=5000',
      'search=a%00b',
      'uploader=1',
    ])
      expect((await t.viewer.request('GET', `/api/images?site=${t.site.id}&${query}`)).statusCode).toBe(400);
    expect((await t.viewer.request('GET', '/api/images')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/images?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await other.admin.request('GET', `/api/images?site=${t.site.id}`)).statusCode).toBe(404);
  });
});

describe('bulk edit and delete', () => {
  it('edits by ids or by query, exactly the chosen set, in one answer with the count', async () => {
    const { t, damage, kits, ids } = await catalogue();
    const byQuery = await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&tag=dock`, {
      addTags: ['checked'],
      removeTags: ['dock'],
      addCategories: [kits.id],
    });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(byQuery.json()).toEqual({ count: 2 });
    const a = (await t.viewer.request('GET', `/api/images/${ids.a}/meta`)).json();
    expect(a.tags).toEqual(['forklift', 'checked']);
    expect(a.categories.map((c: { id: string }) => c.id)).toEqual([damage.id, kits.id]);
    const c = (await t.viewer.request('GET', `/api/images/${ids.c}/meta`)).json();
    expect(c.tags).toEqual([]);
    // unchanged images are not counted
    const again = await t.operator.request(
      'PUT',
      `/api/images/meta?site=${t.site.id}&ids=${ids.a},${ids.b}`,
      {
        addTags: ['checked'],
      },
    );
    expect(again.json()).toEqual({ count: 0 });
    const byIds = await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&ids=${ids.c}`, {
      removeCategories: [kits.id],
      addTags: ['new'],
    });
    expect(byIds.json()).toEqual({ count: 1 });

    // 400s: no filter, no change, unknown category, unknown fields
    expect(
      (await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}`, { addTags: ['x'] })).statusCode,
    ).toBe(400);
    const noChange = await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&tag=x`, {});
    expect(noChange.statusCode).toBe(400);
    expect(noChange.json().message).toContain(IMAGE_MSG.noChange);
    const unknown = await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&tag=x`, {
      addCategories: ['0123456789abcdef01234567'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (
        await t.operator.request('PUT', `/api/images/meta?site=${t.site.id}&tag=x`, {
          addTags: ['y'],
          __proto__x: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.viewer.request('PUT', `/api/images/meta?site=${t.site.id}&tag=dock`, { addTags: ['x'] }))
        .statusCode,
    ).toBe(403);
  });

  it('deletes by query (only the filtered set) or by ids; viewers and operators may not; others 404', async () => {
    const { t, ids } = await catalogue();
    const other = await makeTenant(app);
    expect((await t.viewer.request('DELETE', `/api/images?site=${t.site.id}&notags=true`)).statusCode).toBe(
      403,
    );
    expect((await t.operator.request('DELETE', `/api/images?site=${t.site.id}&notags=true`)).statusCode).toBe(
      403,
    );
    expect((await t.manager.request('DELETE', `/api/images?site=${t.site.id}`)).statusCode).toBe(400);
    expect(
      (await other.admin.request('DELETE', `/api/images?site=${t.site.id}&notags=true`)).statusCode,
    ).toBe(404);
    expect(
      (await other.admin.request('DELETE', `/api/images?site=${other.site.id}&ids=${ids.a}`)).statusCode,
    ).toBe(404);
    expect(
      (await anonymous(app).request('DELETE', `/api/images?site=${t.site.id}&notags=true`)).statusCode,
    ).toBe(401);
    expect((await other.admin.request('DELETE', `/api/images/${ids.a}`)).statusCode).toBe(404);
    expect((await t.viewer.request('DELETE', `/api/images/${ids.a}`)).statusCode).toBe(403);

    const res = await t.manager.request(
      'DELETE',
      `/api/images?site=${t.site.id}&search=forklift&partial=true`,
    );
    expect(res.json()).toEqual({ count: 2 });
    expect(idsOf(await t.viewer.request('GET', `/api/images?site=${t.site.id}`))).toEqual([ids.d, ids.b]);
    expect((await t.manager.request('DELETE', `/api/images?site=${t.site.id}&ids=${ids.b}`)).json()).toEqual({
      count: 1,
    });
    expect(idsOf(await t.viewer.request('GET', `/api/images?site=${t.site.id}`))).toEqual([ids.d]);
  });
});

describe('downloads', () => {
  it('zips originals with safe unique names and writes a neutralised CSV, by ids and by filter', async () => {
    const t = await makeTenant(app);
    const photo = await makePhoto();
    const uploaded = (
      await uploadPhotos(t.admin, t.site.id, [
        { name: 'tags', value: '=HYPERLINK("x")' },
        { name: 'file', file: photo, filename: 'same.jpg' },
        { name: 'file', file: await makePhoto({ format: 'png' }), filename: 'same.jpg' },
        { name: 'file', file: photo, filename: '..\\..\\evil".jpg' },
        { name: 'file', file: photo, filename: 'same.jpg' },
      ])
    ).json();
    const ids = uploaded.map((i: { id: string }) => i.id).join(',');
    const zipRes = await t.viewer.request('GET', `/api/images/${ids}/zip`);
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    expect(zipRes.headers['content-disposition']).toMatch(/^attachment; filename="images-.*\.zip"$/);
    const zip = await JSZip.loadAsync(zipRes.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['evil.jpg', 'same (2).jpg', 'same.jpg', 'same.png']);
    expect((await zip.file('evil.jpg')?.async('nodebuffer'))?.equals(photo)).toBe(true);

    const byFilter = await JSZip.loadAsync(
      (await t.viewer.request('GET', `/api/images//zip?site=${t.site.id}&search=HYPERLINK&partial=true`))
        .rawPayload,
    );
    expect(Object.keys(byFilter.files)).toHaveLength(4);

    const csv = await t.viewer.request('GET', `/api/images//csv?site=${t.site.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // RFC 4180 records (CRLF) after a UTF-8 byte order mark
    expect(csv.body.startsWith('\uFEFFid,')).toBe(true);
    expect(csv.body.endsWith('\r\n')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,fileName,timestamp,timeCreated,uploader,longitude,latitude,annotation,tags,categories,bytes,sizeX,sizeY,format,orientation,make,model,sha256,site',
    );
    expect(lines).toHaveLength(5);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    // The uploader column names the user who uploaded, never their id.
    const admin = (await t.admin.request('GET', `/api/usernames/${t.admin.userId}`)).json() as {
      name: string;
    };
    const uploaderColumn = lines[0]?.split(',').indexOf('uploader') ?? -1;
    expect(lines[1]?.split(',')[uploaderColumn]).toBe(admin.name);
    expect(csv.body).not.toContain(t.admin.userId);
    // Coordinates as a GPS gives them, without the noise of summing degrees, minutes and seconds
    // (41° 49' 36.48" sums to 41.826800000000006).
    await app.ctx.db
      .update(images)
      .set({ latitude: 41 + 49 / 60 + 36.48 / 3600, longitude: -71.4029 })
      .where(eq(images.id, uploaded[0].id));
    const oneCsv = await t.viewer.request('GET', `/api/images/${uploaded[0].id}/csv`);
    expect(oneCsv.body.trim().split('\r\n')).toHaveLength(2);
    expect(oneCsv.body).toContain(',-71.4029,41.8268,');
    // An annotation with a line break stays one quoted field: the text after it is no cell of its own.
    const meta = await t.admin.request('PUT', `/api/images/${uploaded[0].id}/meta`, {
      annotation: 'Dock photo\n=2+5*7',
    });
    expect(meta.statusCode).toBe(200);
    const broken = await t.viewer.request('GET', `/api/images/${uploaded[0].id}/csv`);
    expect(broken.body).toContain('"Dock photo\n=2+5*7"');
    expect(broken.body.trim().split('\r\n')).toHaveLength(2);

    const other = await makeTenant(app);
    expect((await other.admin.request('GET', `/api/images/${ids}/zip`)).statusCode).toBe(404);
    expect((await other.admin.request('GET', `/api/images//csv?site=${t.site.id}`)).statusCode).toBe(404);
    expect((await anonymous(app).request('GET', `/api/images/${ids}/csv`)).statusCode).toBe(401);
    expect((await t.viewer.request('GET', '/api/images/nope/zip')).statusCode).toBe(400);
    expect((await t.viewer.request('GET', '/api/images//zip?site=x')).statusCode).toBe(400);
  });
});
