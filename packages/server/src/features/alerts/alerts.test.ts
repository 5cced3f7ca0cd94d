/**
 * The alerts no reader batch raises: a thing missing, an endpoint offline, an antenna disconnected —
 * each raised once, mailed to the zone's emails, published, and resolved by the system when its
 * thing is seen or its reader or antenna is back.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeMailApp, waitForMails } from '../../../test/factories/outbox.factory.js';
import { makeThing } from '../../../test/factories.js';
import { endpoints, exceptions, zones } from '../../db/schema.js';
import type { LiveMessage } from '../../platform/live.js';
import { workerPseudonym } from '../privacy/pseudonyms.js';
import { antennaStateChanged } from './antenna.js';
import { checkConditions } from './conditions.js';

const { app, outbox } = await makeMailApp();
const { db } = app.ctx;
const deps = { db, live: app.ctx.live, mailer: app.ctx.mailer };
const HOUR = 3_600_000;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const alertsOf = (orgId: string, type: string) =>
  db
    .select()
    .from(exceptions)
    .where(and(eq(exceptions.orgId, orgId), eq(exceptions.type, type)))
    .orderBy(exceptions.time);

async function world() {
  const s = await trackedSite(app);
  const alerts = `dock-${s.org.id}@example.com`;
  await db
    .update(zones)
    .set({ emails: [alerts] })
    .where(eq(zones.id, s.dock));
  const scope = { orgIds: [s.org.id] };
  return { ...s, alerts, scope };
}

describe('thingMissing', () => {
  it('is raised once after missingAfterHours of its class, and resolved when the thing is seen', async () => {
    const w = await world();
    const tag = `E2801199${w.org.id.slice(-8)}`.toUpperCase();
    const pallet = (await makeThing(db, w.org.id, w.site.id, { tag, name: 'Pallet 9' })).id;
    const now = Date.now();
    await postNative(app, w.dockReader, [{ tag, time: iso(now - 5 * HOUR) }]);
    // Off until set.
    expect(await checkConditions(deps, now, w.scope)).toBe(0);
    const settings = await w.admin.request('POST', `/api/orgsettings?site=${w.site.id}`, {
      missingAfterHours: { item: 4 },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ missingAfterHours: { item: 4 }, offlineAfterMinutes: 60 });
    const seen: LiveMessage[] = [];
    const stop = app.ctx.live.subscribe((m) => {
      if (m.orgId === w.org.id && m.type === 'exception') seen.push(m);
    });
    await checkConditions(deps, now, w.scope);
    await checkConditions(deps, now + MINUTE, w.scope);
    const [raised, ...more] = await alertsOf(w.org.id, 'thingMissing');
    expect(more).toEqual([]);
    expect(raised).toMatchObject({ thingId: pallet, zoneId: w.dock, state: 'open' });
    const detail = await w.viewer.request('GET', `/api/exceptions/${raised?.id}`);
    expect(detail.json()).toMatchObject({
      type: 'thingMissing',
      thingName: 'Pallet 9',
      message: 'Pallet 9 has not been seen for 4 hour(s)',
    });
    const [mail] = await waitForMails(outbox, w.alerts, 1);
    expect(mail?.subject).toBe('Thing missing: Pallet 9');

    await postNative(app, w.storeReader, [{ tag, time: iso(now) }]);
    await checkConditions(deps, now + 2 * MINUTE, w.scope);
    stop();
    expect((await alertsOf(w.org.id, 'thingMissing'))[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: 'system',
    });
    expect(seen.map((m) => (m.data as { change?: string }).change)).toEqual(['created', 'resolved']);
  });

  it('the settings refuse hours below zero and offline minutes below 1 (nothing stored)', async () => {
    const w = await world();
    const url = `/api/orgsettings?site=${w.site.id}`;
    for (const body of [
      { missingAfterHours: { item: -1 } },
      { offlineAfterMinutes: 0 },
      { missingAfterHours: { car: 1 } },
    ]) {
      expect((await w.admin.request('POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const stored = await w.admin.request('GET', url);
    expect(stored.json()).toMatchObject({ missingAfterHours: {}, offlineAfterMinutes: 60 });
  });
});

describe('endpointOffline', () => {
  it('is raised after offlineAfterMinutes without a heartbeat or sighting, once, and resolved when heard from', async () => {
    const w = await world();
    const now = Date.now();
    await w.admin.request('POST', `/api/orgsettings?site=${w.site.id}`, { offlineAfterMinutes: 5 });
    await db
      .update(endpoints)
      .set({ lastHeartbeat: new Date(now - 10 * MINUTE) })
      .where(eq(endpoints.id, w.dockReader.id));
    await db
      .update(endpoints)
      .set({ lastHeartbeat: new Date(now) })
      .where(eq(endpoints.id, w.storeReader.id));
    await checkConditions(deps, now, w.scope);
    await checkConditions(deps, now + MINUTE, w.scope);
    const raised = await alertsOf(w.org.id, 'endpointOffline');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ endpointId: w.dockReader.id, state: 'open' });
    const detail = await w.viewer.request('GET', `/api/exceptions/${raised[0]?.id}`);
    expect(detail.json()).toMatchObject({
      endpoint: w.dockReader.id,
      endpointName: 'Dock reader',
      message: `Dock reader has been offline since ${iso(now - 10 * MINUTE)}`,
    });
    await waitForMails(outbox, w.alerts, 1);

    await postNative(app, w.dockReader, [{ tag: 'E28000000000000000000001', time: iso(now) }]);
    await checkConditions(deps, now + 2 * MINUTE, w.scope);
    expect((await alertsOf(w.org.id, 'endpointOffline'))[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: 'system',
    });
  });
});

describe('antennaDisconnected', () => {
  it('antennaStateChanged raises one per antenna while disconnected and resolves it when connected', async () => {
    const w = await world();
    const state = { organization: w.org.id, endpointId: w.dockReader.id, antenna: 2, time: new Date() };
    expect(await antennaStateChanged(deps, { ...state, connected: false })).toBe(1);
    expect(await antennaStateChanged(deps, { ...state, connected: false })).toBe(0);
    expect(await antennaStateChanged(deps, { ...state, antenna: 3, connected: true })).toBe(0);
    const [raised] = await alertsOf(w.org.id, 'antennaDisconnected');
    const detail = await w.viewer.request('GET', `/api/exceptions/${raised?.id}`);
    expect(detail.json()).toMatchObject({ antenna: 2, message: 'Antenna 2 of Dock reader is disconnected' });
    expect(await antennaStateChanged(deps, { ...state, connected: true })).toBe(1);
    expect((await alertsOf(w.org.id, 'antennaDisconnected'))[0]).toMatchObject({ state: 'resolved' });
    // Disconnected again: a new alert.
    expect(await antennaStateChanged(deps, { ...state, connected: false })).toBe(1);
    // Another organization's endpoint: nothing.
    const other = await world();
    expect(await antennaStateChanged(deps, { ...state, organization: other.org.id, connected: false })).toBe(
      0,
    );
  });
});

describe('thingMissing of a pseudonymous worker', () => {
  it('names the worker by its pseudonym in the message, the list, the export and the mail', async () => {
    const w = await world();
    const tag = `E2801177${w.org.id.slice(-8)}`.toUpperCase();
    const mateo = (await makeThing(db, w.org.id, w.site.id, { tag, name: 'Mateo Reilly', class: 'worker' }))
      .id;
    const now = Date.now();
    await postNative(app, w.dockReader, [{ tag, time: iso(now - 5 * HOUR) }]);
    const settings = await w.admin.request('POST', `/api/orgsettings?site=${w.site.id}`, {
      missingAfterHours: { worker: 1 },
      pseudonymizeWorkers: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await checkConditions(deps, now, w.scope);
    const [raised] = await alertsOf(w.org.id, 'thingMissing');
    const pseudonym = workerPseudonym(mateo);
    const shown = { thingName: pseudonym, message: `${pseudonym} has not been seen for 1 hour(s)` };

    const detail = await w.viewer.request('GET', `/api/exceptions/${raised?.id}`);
    expect(detail.json()).toMatchObject(shown);
    const list = await w.viewer.request('GET', `/api/exceptions?site=${w.site.id}&type=thingMissing`);
    expect(list.json()).toMatchObject([shown]);
    const period = `after=${iso(now - 24 * HOUR)}&before=${iso(now + HOUR)}`;
    const exported = await w.viewer.request('GET', `/api/exceptions/export?site=${w.site.id}&${period}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => cells.push(String(c.text)))));
    expect(cells).toContain(shown.message);
    for (const body of [detail.body, list.body, cells.join('|')]) expect(body).not.toContain('Mateo');

    const [mail] = await waitForMails(outbox, w.alerts, 1);
    expect(mail?.subject).toBe(`Thing missing: ${pseudonym}`);
    expect(JSON.stringify(mail)).not.toContain('Mateo');

    // Admin has `identify` on workers: the name.
    const admin = await w.admin.request('GET', `/api/exceptions/${raised?.id}`);
    expect(admin.json()).toMatchObject({ message: 'Mateo Reilly has not been seen for 1 hour(s)' });
  });
});
