/**
 * hideWorkers hides a site's workers entirely: what the console reads of the site — Home's zone
 * counts and open exceptions, the things behind Zone Status and the top search, events, stays,
 * the Zones History chart and every report — leaves them out, and shows them again when the
 * setting is off. The worker is Ann (reportScenario: events, stays, a zone-time exception, the
 * category Crew); the items are Drill and Saw.
 */
import { REPORT_TYPES } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, reportScenario, TWO_DAYS } from '../../../test/factories.js';

const app = await makeApp();

type Scenario = Awaited<ReturnType<typeof reportScenario>>;

async function hideWorkers(s: Scenario, hide: boolean) {
  const res = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, { hideWorkers: hide });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every answer the console reads of the site, as text, keyed by what it is. */
async function answers(s: Scenario) {
  const site = s.site.id;
  const period = `after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`;
  const get = async (path: string) => {
    const res = await s.viewer.request('GET', path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.body;
  };
  const out: Record<string, string> = {
    things: await get(`/api/things?site=${site}`),
    search: await get(`/api/things?site=${site}&search2=Ann`),
    workers: await get(`/api/things?site=${site}&class=worker`),
    exceptions: await get(`/api/exceptions?site=${site}&open=true`),
    events: await get(`/api/events?site=${site}&${period}`),
    stays: await get(`/api/zonedurations?site=${site}&${period}`),
  };
  for (const type of REPORT_TYPES) {
    const res = await s.viewer.request('POST', '/api/reports/adhoc', {
      type,
      site,
      format: 'json',
      ...TWO_DAYS,
    });
    expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    out[type] = res.body;
  }
  return out;
}

describe('hideWorkers', () => {
  it('leaves the workers out of every list, count and report of the site, and brings them back', async () => {
    const s = await reportScenario(app);
    const shown = await answers(s);
    // Without the setting, each answer names the worker (so each check below can fail).
    for (const [what, body] of Object.entries(shown)) {
      if (['reportTypeCategories', 'reportTypeNotSeen'].includes(what)) continue;
      expect(body, what).toMatch(/Ann|A11CE/);
    }
    expect(shown.reportTypeCategories).toContain('Crew');

    await hideWorkers(s, true);
    const hidden = await answers(s);
    for (const [what, body] of Object.entries(hidden)) {
      expect(body, what).not.toMatch(/Ann|A11CE|"worker"/);
      expect(body, what).not.toContain('Crew');
    }
    // The items are all still there.
    expect(hidden.things).toContain('=Drill');
    expect(hidden.things).toContain('Saw');
    expect(JSON.parse(hidden.workers)).toEqual([]);

    await hideWorkers(s, false);
    expect((await answers(s)).things).toContain('-Ann');
  });

  it('counts items only on Home and in the Zones History chart', async () => {
    const s = await reportScenario(app);
    const overview = async () =>
      (await s.viewer.request('GET', `/api/zones/overview?site=${s.site.id}`)).json() as {
        name: string;
        total: number;
        items: number;
        workers: number;
      }[];
    const summary = async () =>
      (
        await s.viewer.request(
          'GET',
          `/api/zonedurations/summary?site=${s.site.id}&after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`,
        )
      ).json() as { zoneName: string; total: number; stays: number }[];
    const workersIn = (rows: { workers: number }[]) => rows.reduce((n, r) => n + r.workers, 0);
    expect(workersIn(await overview())).toBe(1);
    const withWorkers = await summary();
    expect(withWorkers.reduce((n, r) => n + r.stays, 0)).toBeGreaterThan(0);

    await hideWorkers(s, true);
    const counts = await overview();
    expect(workersIn(counts)).toBe(0);
    for (const zone of counts) expect(zone.total, zone.name).toBe(zone.items);
    // Ann's are the only closed stays of the period: none are left.
    expect((await summary()).map((r) => [r.zoneName, r.total, r.stays])).toEqual(
      withWorkers.map((r) => [r.zoneName, 0, 0]),
    );
  });
});
