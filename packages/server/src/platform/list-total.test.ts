/**
 * List totals are counted up to a cap (docs/decisions/0013-list-totals-capped.md): past it the
 * answer's `x-total-count` is the cap and `x-total-capped` is 'true'.
 */
import { LIST_TOTAL_CAP, ListTotalHeaders } from '@sightline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant, makeThing } from '../../test/factories.js';
import { things } from '../db/schema.js';
import { cappedCount } from './list-query.js';

const app = await makeApp();

/** `n` open exceptions of the site, one a second from 2024-05-01, in one statement. */
async function addExceptions(orgId: string, siteId: string, n: number, from = 0) {
  await app.ctx.db.execute(sql`INSERT INTO exceptions (id, org_id, site_id, type, time)
    SELECT substr(md5(${siteId} || i), 1, 24), ${orgId}, ${siteId}, 'inventoryThingsMissing',
      '2024-05-01T00:00:00Z'::timestamptz + i * interval '1 second'
    FROM generate_series(${from + 1}::int, ${from + n}::int) AS i`);
}

const totals = (res: { headers: Record<string, unknown> }) =>
  ListTotalHeaders.parse({
    'x-total-count': res.headers['x-total-count'],
    'x-total-capped': res.headers['x-total-capped'],
  });

describe('capped list totals', () => {
  it('counts up to the cap exactly, and past it answers the cap and x-total-capped: true', async () => {
    const t = await makeTenant(app);
    const list = `/api/exceptions?site=${t.site.id}&sort=-time&limit=5`;
    await addExceptions(t.org.id, t.site.id, LIST_TOTAL_CAP);
    const atCap = await t.viewer.request('GET', list);
    expect(atCap.statusCode).toBe(200);
    expect(totals(atCap)).toEqual({ 'x-total-count': LIST_TOTAL_CAP, 'x-total-capped': 'false' });
    await addExceptions(t.org.id, t.site.id, 1, LIST_TOTAL_CAP);
    const past = await t.viewer.request('GET', list);
    expect(totals(past)).toEqual({ 'x-total-count': LIST_TOTAL_CAP, 'x-total-capped': 'true' });
    // The page itself is not capped: the newest rows come first.
    expect(past.json()[0].time).toBe(
      new Date(Date.parse('2024-05-01T00:00:00Z') + (LIST_TOTAL_CAP + 1) * 1000).toISOString(),
    );
    expect(totals(await t.viewer.request('GET', `${list}&open=false`))).toEqual({
      'x-total-count': 0,
      'x-total-capped': 'false',
    });
  }, 60_000);

  it('keeps 400, 401 and 404 of the list route', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    expect((await t.viewer.request('GET', `/api/exceptions?site=${t.site.id}&limit=0`)).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', `/api/exceptions?site=${t.site.id}`)).statusCode).toBe(401);
    expect((await other.viewer.request('GET', `/api/exceptions?site=${t.site.id}`)).statusCode).toBe(404);
  });

  it('cappedCount: a real count below the cap, the cap and a flag above it', async () => {
    const t = await makeTenant(app);
    for (let i = 0; i < 3; i++) await makeThing(app.ctx.db, t.org.id, t.site.id);
    const mine = and(eq(things.orgId, t.org.id), eq(things.siteId, t.site.id));
    expect(await cappedCount(app.ctx.db, things, mine, 3)).toEqual({ total: 3, totalCapped: false });
    expect(await cappedCount(app.ctx.db, things, mine, 2)).toEqual({ total: 2, totalCapped: true });
    expect(await cappedCount(app.ctx.db, things, and(mine, sql`false`), 2)).toEqual({
      total: 0,
      totalCapped: false,
    });
  });

  it('lists under the cap say x-total-capped: false (things, with search2)', async () => {
    const t = await makeTenant(app);
    await makeThing(app.ctx.db, t.org.id, t.site.id, { name: 'Forklift 12' });
    const res = await t.viewer.request('GET', `/api/things?site=${t.site.id}&search2=forklift`);
    expect(res.statusCode).toBe(200);
    expect(totals(res)).toEqual({ 'x-total-count': 1, 'x-total-capped': 'false' });
  });
});
