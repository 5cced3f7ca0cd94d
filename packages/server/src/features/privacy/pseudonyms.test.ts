/**
 * Pseudonymous workers: with the site setting `pseudonymizeWorkers` on, a caller without
 * `identify` on `workers` (Viewer, Manager, Operator) sees the worker Ann as "Worker XXXXXX" in
 * every list, report and export it reads, never her name, and a text search for her name finds
 * nothing; Admin (which has `identify`) sees her name. Items keep their names.
 */
import { REPORT_TYPES } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeThing, makeUser, reportScenario, TWO_DAYS } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { isMasked, maskLiveMessage, nameSql, workerPseudonym, workerViewFor } from './pseudonyms.js';

const app = await makeApp();
const { db } = app.ctx;

type Scenario = Awaited<ReturnType<typeof reportScenario>>;
type Client = Scenario['viewer'];

async function pseudonymize(s: Scenario, on: boolean) {
  const res = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, {
    pseudonymizeWorkers: on,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ pseudonymizeWorkers: on });
}

async function sheetText(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => cells.push(String(c.text)))));
  return cells.join('|');
}

/** Every answer that names the worker, as text, keyed by what it is. */
async function answers(s: Scenario, client: Client) {
  const site = s.site.id;
  const period = `after=${TWO_DAYS.after}&before=${TWO_DAYS.before}`;
  const get = async (path: string) => {
    const res = await client.request('GET', path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.body;
  };
  const exceptions = JSON.parse(await get(`/api/exceptions?site=${site}`)) as { _id: string }[];
  const out: Record<string, string> = {
    things: await get(`/api/things?site=${site}`),
    workers: await get(`/api/things?site=${site}&class=worker`),
    thing: await get(`/api/things/${s.ann}`),
    exceptions: JSON.stringify(exceptions),
    exception: await get(`/api/exceptions/${exceptions[0]?._id}`),
    stays: await get(`/api/zonedurations?site=${site}&${period}`),
  };
  for (const type of REPORT_TYPES) {
    if (type === 'reportTypeCategories') continue; // counts, no names
    const res = await client.request('POST', '/api/reports/adhoc', {
      type,
      site,
      format: 'json',
      ...TWO_DAYS,
    });
    expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    out[type] = res.body;
  }
  const xlsx = async (path: string) => {
    const res = await client.request('GET', path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return sheetText(res.rawPayload);
  };
  out.thingsExport = await xlsx(`/api/things/export?site=${site}`);
  out.exceptionsExport = await xlsx(`/api/exceptions/export?site=${site}&${period}`);
  out.activityExport = await xlsx(`/api/eventsbything/export?site=${site}&${period}`);
  return out;
}

describe('pseudonymous workers', () => {
  it('shows a Viewer the pseudonym everywhere and an Admin the name, and both again once off', async () => {
    const s = await reportScenario(app);
    await db.execute(
      sql`UPDATE things SET serial = 'BADGE-ANN', description = 'Ann from nights' WHERE id = ${s.ann}`,
    );
    const pseudonym = workerPseudonym(s.ann);
    expect(pseudonym).toMatch(/^Worker [0-9A-F]{6}$/);

    const before = await answers(s, s.viewer);
    for (const [what, body] of Object.entries(before)) {
      if (what === 'reportTypeNotSeen') continue; // Ann was seen
      expect(body, what).toContain('Ann');
    }

    await pseudonymize(s, true);
    const viewer = await answers(s, s.viewer);
    for (const [what, body] of Object.entries(viewer)) {
      expect(body, what).not.toMatch(/Ann|BADGE-ANN/);
      if (what !== 'reportTypeNotSeen') expect(body, what).toContain(pseudonym);
    }
    // Items keep their names.
    expect(viewer.things).toContain('=Drill');
    expect(JSON.parse(viewer.thing)).toMatchObject({
      name: pseudonym,
      serial: '',
      description: '',
      photo: [],
    });

    // Stable across calls, and another worker gets another pseudonym.
    expect((await answers(s, s.viewer)).things).toBe(viewer.things);
    const bob = await makeThing(db, s.org.id, s.site.id, { class: 'worker', name: 'Bob', tag: 'B0B' });
    const workers = JSON.parse(
      (await s.viewer.request('GET', `/api/things?site=${s.site.id}&class=worker`)).body,
    );
    const names = workers.map((w: { name: string }) => w.name).sort();
    expect(names).toEqual([pseudonym, workerPseudonym(bob.id)].sort());
    expect(new Set(names).size).toBe(2);

    // Admin has `identify` on workers: the names.
    const admin = await answers(s, s.admin);
    for (const [what, body] of Object.entries(admin)) {
      if (what === 'reportTypeNotSeen') continue;
      expect(body, what).toContain('Ann');
      expect(body, what).not.toContain(pseudonym);
    }

    await pseudonymize(s, false);
    expect((await answers(s, s.viewer)).things).toContain('-Ann');
  });

  it('finds no pseudonymous worker by its real name, serial or description', async () => {
    const s = await reportScenario(app);
    await db.execute(sql`UPDATE things SET serial = 'BADGE-ANN' WHERE id = ${s.ann}`);
    await pseudonymize(s, true);
    for (const q of ['search=Ann', 'search2=Ann', 'search=BADGE-ANN', 'search2=Worker'])
      for (const path of [
        `/api/things?site=${s.site.id}&${q}`,
        `/api/things/export?site=${s.site.id}&${q}`,
      ]) {
        const res = await s.viewer.request('GET', path);
        expect(res.statusCode).toBe(200);
        const text = path.includes('export') ? await sheetText(res.rawPayload) : res.body;
        expect(text, path).not.toContain(workerPseudonym(s.ann));
      }
    // Admin still finds her.
    expect((await s.admin.request('GET', `/api/things?site=${s.site.id}&search=Ann`)).body).toContain('-Ann');
  });

  it('keeps the name an Operator cannot see when it saves the worker', async () => {
    const s = await reportScenario(app);
    await pseudonymize(s, true);
    const operator = await login(app, (await makeUser(app, s.org.id, { role: 'operator' })).username);
    const shown = (await operator.request('GET', `/api/things/${s.ann}`)).json();
    expect(shown.name).toBe(workerPseudonym(s.ann));
    const { _id, timeCreated, timeModified, ...body } = shown;
    const saved = await operator.request('PUT', `/api/things/${s.ann}`, {
      ...body,
      tags: [...body.tags, 'A11CE2'],
      labels: ['night'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: workerPseudonym(s.ann), labels: ['night'] });
    const [row] = await rows<{ name: string }>(db, sql`SELECT name FROM things WHERE id = ${s.ann}`);
    expect(row?.name).toBe('-Ann');
  });

  it('refuses a bad setting value and leaves the settings as they were', async () => {
    const s = await reportScenario(app);
    const bad = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, {
      pseudonymizeWorkers: 'yes',
      itemLabel: 'Kit',
    });
    expect(bad.statusCode).toBe(400);
    const now = (await s.admin.request('GET', `/api/orgsettings?site=${s.site.id}`)).json();
    expect(now).toMatchObject({ pseudonymizeWorkers: false, itemLabel: 'Items' });
    expect(
      (await s.viewer.request('POST', `/api/orgsettings?site=${s.site.id}`, { pseudonymizeWorkers: true }))
        .statusCode,
    ).toBe(403);
  });

  it('computes the same pseudonym in SQL and masks live messages for a subscriber', async () => {
    const s = await reportScenario(app);
    await pseudonymize(s, true);
    const viewerCaller = { orgId: s.org.id, rules: [] };
    const view = await workerViewFor(db, viewerCaller);
    const [row] = await rows<{ name: string }>(
      db,
      sql`SELECT ${nameSql(view, 't')} AS name FROM things t WHERE t.id = ${s.ann}`,
    );
    expect(row?.name).toBe(workerPseudonym(s.ann));
    const zoneChange = {
      type: 'zoneChange',
      data: { thing: s.ann, thingName: '-Ann', from: null, fromName: null, to: null, toName: null, time: '' },
    };
    const masked = (id: string) => isMasked(view, { id });
    expect(maskLiveMessage(masked, zoneChange).data.thingName).toBe(workerPseudonym(s.ann));
    expect(maskLiveMessage(() => false, zoneChange)).toBe(zoneChange);
    const state = { type: 'thing', data: { _id: s.ann, class: 'worker', site: s.site.id, name: '-Ann' } };
    expect(maskLiveMessage(masked, state).data.name).toBe(workerPseudonym(s.ann));
    const item = { type: 'thing', data: { _id: s.drill, class: 'item', site: s.site.id, name: '=Drill' } };
    expect(maskLiveMessage(masked, item)).toBe(item);
  });
});
