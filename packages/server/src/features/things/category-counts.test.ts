/**
 * A things list filtered by category reads its total from the counts kept by triggers
 * (migration 0015): it must be the total a count of the rows gives, at every moment, folded or not.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, makeSiteLimited, makeTenant, makeThing, makeZone } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { categoryCountChanges, categoryCounts, things } from '../../db/schema.js';
import { cappedCount } from '../../platform/list-query.js';
import { categoryTotal, countsAnswer, foldCategoryCounts } from './category-counts.js';
import { thingWhere } from './filters.js';

const app = await makeApp();
const { db } = app.ctx;
const TOOLS = 'ca00000000000000000000aa';
const SPARES = 'ca00000000000000000000bb';

/** Two sites with a zone each; things with and without the categories, one deleted. */
async function scene() {
  const t = await makeTenant(app);
  // A viewer of the second site only.
  const { site: second, client: limited } = await makeSiteLimited(app, t.org.id);
  const dock = (await makeZone(db, t.org.id, t.site.id, { name: 'Dock' })).id;
  const yard = (await makeZone(db, t.org.id, second.id, { name: 'Yard' })).id;
  const make = (site: string, overrides: Partial<typeof things.$inferInsert>) =>
    makeThing(db, t.org.id, site, overrides).then((r) => r.id);
  await make(t.site.id, { categories: [TOOLS] });
  await make(t.site.id, { categories: [TOOLS, SPARES], zoneId: dock });
  await make(t.site.id, { categories: [TOOLS, TOOLS], class: 'worker', zoneId: yard }); // listed twice: counts once
  await make(second.id, { categories: [TOOLS], zoneId: dock }); // visiting the first site
  await make(second.id, { categories: [SPARES] });
  await make(t.site.id, {});
  const gone = await make(t.site.id, { categories: [TOOLS] });
  await db.update(things).set({ deletedAt: new Date() }).where(eq(things.id, gone));
  const mover = await make(t.site.id, { categories: [SPARES], zoneId: yard });
  return { ...t, second, limited, dock, yard, mover };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** Every category query of the scene: x-total-count must equal the rows listed. */
async function checkTotals(s: Scene, label: string) {
  const { limited } = s;
  const queries = [];
  for (const category of [TOOLS, SPARES, 'ca00000000000000000000cc'])
    for (const site of ['', `&site=${s.site.id}`, `&site=${s.second.id}`])
      for (const cls of ['', '&class=item', '&class=worker'])
        for (const zone of ['', `&zone=${s.dock}`]) queries.push(`category=${category}${site}${cls}${zone}`);
  for (const q of queries)
    for (const client of [s.viewer, limited]) {
      if (client === limited && q.includes(s.site.id)) continue; // not its site: 404
      const res = await client.request('GET', `/api/things?${q}&limit=100`);
      expect(res.statusCode, `${label}: ${q}`).toBe(200);
      expect(res.headers['x-total-count'], `${label}: ${q}`).toBe(String(res.json().length));
      expect(res.headers['x-total-capped']).toBe('false');
    }
}

describe('kept category counts', () => {
  it('answer the total of every category list, through every change of a thing, folded or not', async () => {
    const s = await scene();
    const set = (values: Partial<typeof things.$inferInsert>) =>
      db.update(things).set(values).where(eq(things.id, s.mover));
    await checkTotals(s, 'start');
    await set({ zoneId: s.dock }); // into the first site's zone
    await set({ lastEvent: new Date() }); // no counted column: nothing appended
    await checkTotals(s, 'moved');
    expect(await foldCategoryCounts(db)).toBeGreaterThan(0);
    const changes = await db
      .select()
      .from(categoryCountChanges)
      .where(eq(categoryCountChanges.orgId, s.org.id));
    expect(changes).toEqual([]);
    await checkTotals(s, 'folded');
    await set({ categories: [TOOLS] });
    await set({ class: 'worker' });
    await set({ siteId: s.second.id });
    await checkTotals(s, 'changed');
    await set({ zoneId: null });
    await set({ deletedAt: new Date() });
    await checkTotals(s, 'deleted');
    await set({ deletedAt: null, zoneId: s.yard });
    await checkTotals(s, 'restored');
    await foldCategoryCounts(db);
    await db.delete(things).where(eq(things.id, s.mover)); // removed for good
    await checkTotals(s, 'removed');
    // Seven checks of ~90 list requests each: longer than one test's default on a shared machine.
  }, 120_000);

  it('rebuild from scratch to what the triggers kept (the migration backfill), with zero rows left out', async () => {
    const s = await scene();
    await db
      .update(things)
      .set({ zoneId: s.dock, categories: [TOOLS, SPARES] })
      .where(eq(things.id, s.mover));
    await foldCategoryCounts(db);
    await db.update(things).set({ class: 'worker' }).where(eq(things.id, s.mover));
    const kept = await rows<{ key: string; n: number }>(
      db,
      sql`SELECT concat_ws('/', category, class, site_id, zone_id) AS key, sum(n)::int AS n FROM (
            SELECT * FROM ${categoryCounts} UNION ALL SELECT * FROM ${categoryCountChanges}) c
          WHERE org_id = ${s.org.id} GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`,
    );
    const scratch = await rows<{ key: string; n: number }>(
      db,
      sql`SELECT concat_ws('/', c.category, t.class, t.site_id, coalesce(t.zone_id, '')) AS key, count(*)::int AS n
          FROM things t CROSS JOIN LATERAL (SELECT DISTINCT u AS category FROM unnest(t.categories) u WHERE u IS NOT NULL) c
          WHERE t.deleted_at IS NULL AND t.org_id = ${s.org.id} GROUP BY 1 ORDER BY 1`,
    );
    expect(kept).toEqual(scratch);
    expect(kept.length).toBe(8);
  });

  it('cap the total as a count of the rows does', async () => {
    const s = await scene();
    for (const cap of [0, 1, 2, 3, 4, 10])
      for (const site of [undefined, s.site.id]) {
        const filter = { orgId: s.org.id, category: TOOLS, site };
        const expected = await cappedCount(db, things, and(thingWhere(filter)), cap);
        expect(await categoryTotal(db, filter, cap), `cap ${cap}`).toEqual(expected);
      }
  });

  it('are read only where they answer every test of the list', () => {
    const base = { orgId: 'o', category: TOOLS };
    expect(countsAnswer(base)).toBe(true);
    expect(countsAnswer({ ...base, site: 's', scope: ['s'], class: 'item', zone: 'z' })).toBe(true);
    expect(countsAnswer({ orgId: 'o' })).toBe(false);
    for (const other of [
      { tags: ['E2'] },
      { map: 'm' },
      { after: '2024-01-01T00:00:00Z' },
      { search: 'x' },
      { search2: 'x' },
    ])
      expect(countsAnswer({ ...base, ...other }), JSON.stringify(other)).toBe(false);
    expect(countsAnswer({ ...base, tags: [], search: ' ' })).toBe(true);
  });
});
