/**
 * The things list answers with JSON text PostgreSQL builds (`thingJson`, from the field table
 * `presentThing` reads), not through the route's response serializer. It must be the serializer's
 * answer byte for byte: each thing of the list is compared with `GET /api/things/:id`, which goes
 * through `presentThing` and the schema.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, makeTenant } from '../../../test/factories.js';
import { things } from '../../db/schema.js';

const app = await makeApp();

/** Texts JSON escapes differently from plain characters: quotes, controls, non-ASCII, separators. */
const AWKWARD = 'Quote " back\\slash \u0001\u001f\b\f\n\r\t é 漢字 😀 \u2028\u2029 </script> \u007f';

describe('the things list as JSON text', () => {
  it('writes every thing as the response serializer does, whatever its text, times and place', async () => {
    const t = await makeTenant(app);
    const create = async (body: object) => {
      const res = await t.admin.request('POST', '/api/things', { site: t.site.id, ...body });
      expect(res.statusCode).toBe(200);
      return res.json()._id as string;
    };
    const plain = await create({ name: 'Plain' });
    const awkward = await create({
      name: AWKWARD,
      description: `${AWKWARD} ${'long '.repeat(200)}`,
      serial: 'S/N "7"',
      class: 'worker',
      tag1: 'ABCDEF01',
      tag2: 'abcdef02',
      tags: ['AB01', 'CD02'],
      labels: [AWKWARD, 'second'],
    });
    const parent = await create({ name: 'Parent', parents: [plain], tags: ['EF03'] });
    // The sighting data is the tracking's to write: set below, as the state is.
    const placed = await create({ name: 'Placed' });
    const tiny = await create({ name: 'Tiny' });
    const set = (id: string, state: Partial<typeof things.$inferInsert>) =>
      app.ctx.db.update(things).set(state).where(eq(things.id, id));
    // Timestamps with microseconds (truncated, as Date does), without a fraction, with one digit.
    await app.ctx.db.execute(
      `UPDATE things SET last_zone_time = '2024-05-06 07:08:09.123987+00', last_event = '2024-05-06 07:08:09+00',
         last_endpoint_time = '1999-12-31 23:59:59.5+00', alarm_tamper_time = '2024-02-29 00:00:00.000999+00',
         time_modified = '2030-01-01 00:00:00.01+00'
       WHERE id = '${placed}'`,
    );
    await set(placed, {
      x: 1 / 3,
      y: 0.1 + 0.2,
      direction: 'in',
      alarmTamper: true,
      alarmTamperTag: 'TAMPER',
      data: { cFloat0: 21.5 },
    });
    await set(tiny, { x: -0, y: 1, data: { cFloat0: 'not a number', other: 1 } });
    await set(parent, { x: 0.5, y: null, data: { cFloat0: 2 } }); // half a point: no coordinates
    await set(awkward, { class: 'visitor' }); // an unknown class reads as an item

    const list = await t.viewer.request('GET', `/api/things?site=${t.site.id}&sort=name&limit=10`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.headers['x-total-count']).toBe('5');
    const ids = (list.json() as { _id: string }[]).map((x) => x._id);
    expect(ids).toHaveLength(5);
    const one = await Promise.all(ids.map((id) => t.viewer.request('GET', `/api/things/${id}`)));
    expect(one.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(list.body).toBe(`[${one.map((r) => r.body).join(',')}]`);
    // What those rows read as, so the comparison above is of the cases meant.
    const byId = new Map((list.json() as { _id: string }[]).map((x) => [x._id, x]));
    expect(byId.get(placed)).toMatchObject({
      lastZoneTime: '2024-05-06T07:08:09.123Z',
      lastEvent: '2024-05-06T07:08:09.000Z',
      lastEndpointTime: '1999-12-31T23:59:59.500Z',
      alarmTamperTime: '2024-02-29T00:00:00.000Z',
      timeModified: '2030-01-01T00:00:00.010Z',
      xycoordinates: [1 / 3, 0.1 + 0.2],
      data: { cFloat0: 21.5 },
    });
    expect(byId.get(tiny)).toMatchObject({ xycoordinates: [0, 1], data: {} });
    expect(byId.get(parent)).toMatchObject({ xycoordinates: null, data: { cFloat0: 2 }, parents: [plain] });
    expect(byId.get(awkward)).toMatchObject({ name: AWKWARD, class: 'item', labels: [AWKWARD, 'second'] });
  });

  it('writes tiny coordinates with an exponent that reads back as the same numbers', async () => {
    const t = await makeTenant(app);
    const res = await t.admin.request('POST', '/api/things', { site: t.site.id, name: 'Corner' });
    await app.ctx.db.update(things).set({ x: 0.00001, y: 1e-9 }).where(eq(things.id, res.json()._id));
    const list = await t.viewer.request('GET', `/api/things?site=${t.site.id}`);
    expect(list.body).toContain('"xycoordinates":[1e-05,1e-09]'); // JavaScript writes 0.00001 and 1e-9
    expect(list.json()[0].xycoordinates).toEqual([0.00001, 1e-9]);
  });

  it('is an empty array past the last page, with the total', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', '/api/things', { site: t.site.id, name: 'Only' });
    const res = await t.viewer.request('GET', `/api/things?site=${t.site.id}&page=3`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[]');
    expect(res.headers['x-total-count']).toBe('1');
  });
});
