/**
 * Event `exception`: a real loopback receiver gets one signed delivery per state change of an
 * exception — raised (by a reader batch, or by the alert checks), escalated, acknowledged and
 * resolved (by a person, or by the system when the condition clears) — with the state after it.
 */
import { eq } from 'drizzle-orm';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { siteWithExceptions } from '../../../test/factories/exception.factory.js';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp, makeThing, makeWebhook } from '../../../test/factories.js';
import { type Received, startReceiver, until } from '../../../test/webhook-receiver.js';
import { sites, zones } from '../../db/schema.js';
import { antennaStateChanged } from '../alerts/antenna.js';
import { escalateAlerts } from '../alerts/escalation.js';

const app = await makeApp({
  queue: true,
  webhookAllowPrivate: true,
  // The receiver answers in this process, which PGlite's queries hold: a short timeout under load
  // times out a delivery the receiver did get, and its retry arrives twice.
  webhookTimeoutMs: 10_000,
  webhookRetryBaseMs: 400,
  queuePollSeconds: 0.5,
});
const receiver = await startReceiver();
afterAll(() => receiver.close());
const { db } = app.ctx;
const deps = { db, live: app.ctx.live, mailer: app.ctx.mailer };
const MINUTE = 60_000;

const headersOf = (r: Received) =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])) as Record<string, string>;

/** Waits for `count` deliveries at `path`, then a moment more so a duplicate would show. */
async function received(path: string, count: number) {
  await until(async () => receiver.on(path).length >= count, 20_000);
  await new Promise((r) => setTimeout(r, 1200));
  return receiver.on(path);
}

describe('webhook event exception', () => {
  it('delivers created, escalated, acknowledged and resolved once each, signed, with the state', async () => {
    const s = await trackedSite(app);
    const hook = await makeWebhook(db, s.org.id, {
      event: 'exception',
      targetUrl: receiver.url(`/x-${s.org.id}`),
    });
    const t0 = Date.now();
    await antennaStateChanged(deps, {
      organization: s.org.id,
      endpointId: s.dockReader.id,
      antenna: 2,
      connected: false,
      time: new Date(t0),
    });
    await db
      .update(sites)
      .set({ alertSettings: { escalateAfterMinutes: 5, escalationEmails: ['lead@example.com'] } })
      .where(eq(sites.id, s.site.id));
    const run = await escalateAlerts({ ...deps, minuteMs: MINUTE }, t0 + 6 * MINUTE, { orgIds: [s.org.id] });
    expect(run.escalated).toBe(1);
    const list = (await s.viewer.request('GET', `/api/exceptions?site=${s.site.id}`)).json();
    const id = list[0]._id as string;
    const ack = await s.manager.request('POST', `/api/exceptions/${id}/acknowledge`, { note: 'on it' });
    expect(ack.statusCode).toBe(200);
    expect((await s.manager.request('POST', `/api/exceptions/${id}/resolve`, {})).statusCode).toBe(200);
    // Resolving again changes nothing and sends nothing.
    expect((await s.manager.request('POST', `/api/exceptions/${id}/resolve`, {})).statusCode).toBe(200);

    const got = await received(`/x-${s.org.id}`, 4);
    expect(got.map((r) => [r.body.change, r.body.state])).toEqual([
      ['created', 'open'],
      ['escalated', 'open'],
      ['acknowledged', 'acknowledged'],
      ['resolved', 'resolved'],
    ]);
    for (const r of got) {
      expect(r.headers['x-sightline-event']).toBe('exception');
      expect(new StandardWebhook(hook.secret).verify(r.raw, headersOf(r))).toMatchObject({
        event: 'exception',
      });
    }
    expect(got[0]?.body).toMatchObject({
      event: 'exception',
      endpoint: s.dockReader.id,
      endpointName: 'Dock reader',
      antenna: 2,
      exception: {
        _id: id,
        type: 'antennaDisconnected',
        state: 'open',
        site: s.site.id,
        message: 'Antenna 2 of Dock reader is disconnected',
        escalatedAt: null,
      },
    });
    expect(got[1]?.body.exception).toMatchObject({ escalatedAt: new Date(t0 + 6 * MINUTE).toISOString() });
    expect(got[2]?.body.exception).toMatchObject({ acknowledgedBy: s.manager.userId, note: 'on it' });
    expect(got[3]?.body.exception).toMatchObject({ resolvedBy: s.manager.userId });
  });

  it('delivers an exception a reader batch raised, and its resolution when the thing leaves', async () => {
    const s = await trackedSite(app);
    const path = `/t-${s.org.id}`;
    await makeWebhook(db, s.org.id, {
      event: 'exception',
      targetUrl: receiver.url(path),
      fields: [
        { localField: 'change', remoteFieldName: 'what' },
        { localField: 'state', remoteFieldName: 'now' },
        { localField: 'exceptionType', remoteFieldName: 'kind' },
        { localField: 'name', remoteFieldName: 'thing' },
      ],
    });
    await db
      .update(zones)
      .set({ durationNs: MINUTE * 1_000_000 })
      .where(eq(zones.id, s.dock));
    await makeThing(db, s.org.id, s.site.id, { tag: 'AA01', name: 'Pallet 1' });
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await postNative(app, s.dockReader, [{ tag: 'AA01', time: iso(now - 5 * MINUTE) }]);
    // The zone-time job raises the overrun while the pallet is still in the Dock.
    await app.jobs.tick(now - 2 * MINUTE, { orgIds: [s.org.id] });
    await until(async () => receiver.on(path).length >= 1, 20_000);
    await postNative(app, s.storeReader, [{ tag: 'AA01', time: iso(now) }]);
    const got = await received(path, 2);
    expect(got.map((r) => r.body)).toEqual([
      { what: 'created', now: 'open', kind: 'zoneTimeException', thing: 'Pallet 1' },
      { what: 'resolved', now: 'resolved', kind: 'zoneTimeException', thing: 'Pallet 1' },
    ]);
  });

  it('delivers one per exception a bulk acknowledgement changed, and nothing for other events', async () => {
    const s = await siteWithExceptions(app);
    const path = `/b-${s.org.id}`;
    await makeWebhook(db, s.org.id, { event: 'exception', targetUrl: receiver.url(path) });
    const other = await makeWebhook(db, s.org.id, { event: 'created', targetUrl: receiver.url(`${path}-c`) });
    const res = await s.manager.request('POST', '/api/exceptions/acknowledge', {
      ids: [s.shortage, s.wrongZone],
    });
    expect(res.statusCode).toBe(200);
    const got = await received(path, 2);
    expect(got.map((r) => r.body.change)).toEqual(['acknowledged', 'acknowledged']);
    expect(new Set(got.map((r) => (r.body.exception as { _id: string })._id))).toEqual(
      new Set([s.shortage, s.wrongZone]),
    );
    expect(receiver.on(`${path}-c`)).toEqual([]);
    expect(other.id).toBeTruthy();
  });

  it('rejects an acknowledgement that fails (409) without a delivery', async () => {
    const s = await siteWithExceptions(app);
    const path = `/r-${s.org.id}`;
    expect((await s.manager.request('POST', `/api/exceptions/${s.shortage}/resolve`, {})).statusCode).toBe(
      200,
    );
    await makeWebhook(db, s.org.id, { event: 'exception', targetUrl: receiver.url(path) });
    expect(
      (await s.manager.request('POST', `/api/exceptions/${s.shortage}/acknowledge`, {})).statusCode,
    ).toBe(409);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.on(path)).toEqual([]);
  });
});
