import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, makeTenant } from '../../../test/factories.js';
import { thingTags } from '../../db/schema.js';
import { findThingIdsByTags } from './repository.js';

const app = await makeApp();

async function tagRows(thingId: string) {
  const rows = await app.ctx.db.select().from(thingTags).where(eq(thingTags.thingId, thingId));
  return rows.map((r) => r.tag).sort();
}

describe('thing tags', () => {
  it('indexes tag1, tag2 and tags[] in thing_tags, and follows every change', async () => {
    const t = await makeTenant(app);
    const thing = (
      await t.admin.request('POST', '/api/things', {
        name: 'A',
        tag1: 'a1',
        tag2: 'A2',
        tags: ['a1', 'b3'],
        site: t.site.id,
      })
    ).json();
    expect(await tagRows(thing._id)).toEqual(['A1', 'A2', 'B3']);
    await t.admin.request('PUT', `/api/things/${thing._id}`, { ...thing, tag2: null, tags: ['C4'] });
    expect(await tagRows(thing._id)).toEqual(['A1', 'C4']);
    const found = await findThingIdsByTags(app.ctx.db, t.org.id, ['A1', 'C4', 'A2', 'FFFF']);
    expect(Object.fromEntries(found)).toEqual({ A1: thing._id, C4: thing._id });
    expect((await findThingIdsByTags(app.ctx.db, 'another-org', ['A1'])).size).toBe(0);
    await t.admin.request('DELETE', `/api/things/${thing._id}`);
    expect(await tagRows(thing._id)).toEqual([]);
  });

  it('refuses a tag another thing holds, in any of its tag fields, and stores nothing', async () => {
    const t = await makeTenant(app);
    const first = (
      await t.admin.request('POST', '/api/things', {
        name: 'First',
        tag1: 'AA',
        tags: ['BB'],
        site: t.site.id,
      })
    ).json();
    for (const body of [{ tag1: 'aa' }, { tag2: 'BB' }, { tags: ['CC', 'AA'] }]) {
      const res = await t.admin.request('POST', '/api/things', { name: 'Second', site: t.site.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^duplicate tag (AA|BB)/);
    }
    const list = await t.admin.request('GET', `/api/things?site=${t.site.id}`);
    expect(list.json().map((x: { name: string }) => x.name)).toEqual(['First']);
    expect((await findThingIdsByTags(app.ctx.db, t.org.id, ['CC'])).size).toBe(0);
    expect(await tagRows(first._id)).toEqual(['AA', 'BB']);
  });

  it('rolls an update back entirely when one of its tags is taken', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', '/api/things', { name: 'Holder', tag1: 'DD', site: t.site.id });
    const mover = (
      await t.admin.request('POST', '/api/things', { name: 'Mover', tag1: 'EE', site: t.site.id })
    ).json();
    const res = await t.admin.request('PUT', `/api/things/${mover._id}`, {
      ...mover,
      name: 'Renamed',
      tag1: 'FF',
      tags: ['DD'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/duplicate tag DD/);
    const after = (await t.admin.request('GET', `/api/things/${mover._id}`)).json();
    expect(after).toMatchObject({ name: 'Mover', tag1: 'EE', tags: [] });
    expect(await tagRows(mover._id)).toEqual(['EE']);
    expect((await findThingIdsByTags(app.ctx.db, t.org.id, ['FF'])).size).toBe(0);
  });

  it('refuses a tag used by a location tag', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', '/api/locationtags', { name: 'Shelf', tag: 'ABCD', site: t.site.id });
    const res = await t.admin.request('POST', '/api/things', { name: 'X', tags: ['abcd'], site: t.site.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/duplicate tag ABCD/);
    expect((await t.admin.request('GET', `/api/things?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
  });

  it('lets exactly one of two concurrent creations claim a tag', async () => {
    const t = await makeTenant(app);
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        t.admin.request('POST', '/api/things', { name, tag1: '0BAD', site: t.site.id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await t.admin.request('GET', `/api/things?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '1',
    );
  });

  it('keeps tags per organization', async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    expect(
      (await a.admin.request('POST', '/api/things', { name: 'A', tag1: '5EED', site: a.site.id })).statusCode,
    ).toBe(200);
    expect(
      (await b.admin.request('POST', '/api/things', { name: 'B', tag1: '5EED', site: b.site.id })).statusCode,
    ).toBe(200);
  });
});
