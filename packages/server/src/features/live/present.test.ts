/**
 * Each live subscriber receives what its REST reads show (features/live/present.ts): two real
 * subscribers of one site — the Admin (every right) and an API key of the Viewer role (no right at
 * all, so no `read` on workers either) — get the worker's messages exactly while `GET things/{id}`
 * answers them the worker; once the site hides its workers, neither gets any message naming one
 * (thing, event, zone change, an exception about workers), an exception listing a worker among
 * items comes without the worker, and the items' messages still arrive. Once the site makes its
 * workers pseudonymous instead, the Admin (who may identify workers) still gets every message as
 * published, and the Viewer key the same messages with the worker named by its pseudonym.
 */
import { ROLE_IDS } from '@sightline/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import {
  framesOf,
  type OpenStream,
  openStream,
  portOf,
  type StreamFrame,
  waitUntil,
} from '../../../test/factories/stream.factory.js';
import { makeApp, makeThing } from '../../../test/factories.js';
import { exceptions } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import type { LiveMessage } from '../../platform/live.js';
import { publishExceptionChanges } from '../exceptions/changes.js';
import { findExceptions } from '../exceptions/repository.js';
import { workerPseudonym } from '../privacy/pseudonyms.js';
import { presentLive } from './present.js';

const app = await makeApp();
const port = await portOf(app);
const open: OpenStream[] = [];
afterAll(() => {
  for (const s of open) s.close();
});

/** Whether a frame names the thing (its id anywhere in the data). */
const names = (f: StreamFrame, id: string) => JSON.stringify(f.data).includes(id);

async function scenario() {
  const s = await trackedSite(app);
  const { db } = app.ctx;
  const ann = await makeThing(db, s.org.id, s.site.id, { tag: 'A11CE0', name: 'Ann', class: 'worker' });
  const drill = await makeThing(db, s.org.id, s.site.id, { tag: 'D2111', name: 'Drill' });
  const keyRes = await s.admin.request('POST', '/api/apikeys', {
    name: 'viewer key',
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [s.site.id] },
  });
  expect(keyRes.statusCode, keyRes.body).toBe(200);
  const key = keyRes.json() as { token: string };
  const path = `/api/live?site=${s.site.id}`;
  const admin = await openStream(port, path, { cookie: s.admin.cookie });
  const viewerKey = await openStream(port, path, { bearer: key.token });
  open.push(admin, viewerKey);
  expect([admin.status, viewerKey.status]).toEqual([200, 200]);
  const restSeesAnn = async () => {
    const byAdmin = await s.admin.request('GET', `/api/things/${ann.id}`);
    const byKey = await app.inject({
      method: 'GET',
      url: `/api/things/${ann.id}`,
      headers: { authorization: `Bearer ${key.token}` },
    });
    return [byAdmin.statusCode, byKey.statusCode];
  };
  return { s, ann, drill, admin, viewerKey, restSeesAnn };
}

describe('live messages per subscriber', () => {
  it('sends the worker to whoever REST shows it to, and nothing of it once the site hides workers', async () => {
    const { s, ann, drill, admin, viewerKey, restSeesAnn } = await scenario();
    const subscribers = { admin, viewerKey };

    // Shown: REST answers both the worker, and both streams carry its messages.
    expect(await restSeesAnn()).toEqual([200, 200]);
    await postNative(app, s.dockReader, [
      { tag: ann.tag, time: '2024-05-01T10:00:00Z' },
      { tag: drill.tag, time: '2024-05-01T10:00:00Z' },
    ]);
    for (const [who, stream] of Object.entries(subscribers)) {
      await waitUntil(
        () =>
          ['event', 'zoneChange', 'thing'].every((t) =>
            framesOf(stream).some((f) => f.type === t && names(f, ann.id)),
          ),
        5000,
        `${who}: the worker's event, zone change and thing`,
      );
    }

    // Hidden: the setting reaches the open streams at their next recheck.
    const hide = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, { hideWorkers: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await restSeesAnn()).toEqual([404, 404]);
    await app.ctx.streams.recheck();
    const before = { admin: framesOf(admin).length, viewerKey: framesOf(viewerKey).length };
    await postNative(app, s.storeReader, [
      { tag: ann.tag, time: '2024-05-01T10:05:00Z' },
      { tag: drill.tag, time: '2024-05-01T10:05:00Z' },
    ]);
    const at = Date.now();
    await app.ctx.live.publish([
      {
        type: 'exception',
        orgId: s.org.id,
        siteId: s.site.id,
        workers: [ann.id],
        data: exception('mixed', drill.id, [ann.id, drill.id]),
        at,
      },
      {
        type: 'exception',
        orgId: s.org.id,
        siteId: s.site.id,
        workers: [ann.id],
        data: exception('workers only', null, [ann.id]),
        at,
      },
      {
        type: 'exception',
        orgId: s.org.id,
        siteId: s.site.id,
        workers: [ann.id],
        data: exception('of the worker', ann.id, []),
        at,
      },
      {
        type: 'exception',
        orgId: s.org.id,
        siteId: s.site.id,
        data: exception('last', drill.id, []),
        at,
      },
    ]);
    for (const [who, stream] of Object.entries(subscribers)) {
      // Exceptions go out at once; `thing` and `event` messages after the bus's coalescing window.
      const since = () => framesOf(stream).slice(before[who as keyof typeof before]);
      await waitUntil(
        () =>
          since().some((f) => f.type === 'exception' && f.data.message === 'last') &&
          ['event', 'zoneChange', 'thing'].every((t) =>
            since().some((f) => f.type === t && names(f, drill.id)),
          ),
        5000,
        `${who}: the last exception and the item's messages`,
      );
      const after = since();
      // The item's messages still arrive ...
      expect(
        after.filter((f) => names(f, drill.id)).map((f) => f.type),
        who,
      ).toEqual(expect.arrayContaining(['event', 'zoneChange', 'thing']));
      // ... and nothing names the worker, by id or by name.
      expect(
        after.filter((f) => names(f, ann.id) || JSON.stringify(f.data).includes('Ann')),
        who,
      ).toEqual([]);
      const exceptions = after.filter((f) => f.type === 'exception').map((f) => f.data);
      expect(
        exceptions.map((e) => [e.message, e.multipleThings]),
        who,
      ).toEqual([
        ['mixed', [drill.id]],
        ['last', []],
      ]);
    }
  });
});

describe('live messages with pseudonymous workers', () => {
  it('names the worker by its pseudonym to the subscriber without identify, by name to the one with it', async () => {
    const { s, ann, drill, admin, viewerKey } = await scenario();
    const on = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, {
      pseudonymizeWorkers: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    await app.ctx.streams.recheck();
    const before = { admin: framesOf(admin).length, viewerKey: framesOf(viewerKey).length };
    const since = (who: keyof typeof before, stream: OpenStream) => framesOf(stream).slice(before[who]);

    // Tracking (event, zone change, thing state), an API save (the thing's record), exceptions.
    await postNative(app, s.dockReader, [
      { tag: ann.tag, time: '2024-05-01T11:00:00Z' },
      { tag: drill.tag, time: '2024-05-01T11:00:00Z' },
    ]);
    const { _id, timeCreated, timeModified, ...body } = (
      await s.admin.request('GET', `/api/things/${ann.id}`)
    ).json();
    const saved = await s.admin.request('PUT', `/api/things/${ann.id}`, {
      ...body,
      serial: 'SN-ANN',
      description: 'Ann from the night shift',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const at = Date.now();
    const address = { orgId: s.org.id, siteId: s.site.id, at };
    await app.ctx.live.publish([
      {
        type: 'exception',
        ...address,
        workers: [ann.id],
        data: { ...exception('of the worker', ann.id, []), thingName: 'Ann' },
      },
      {
        type: 'exception',
        ...address,
        workers: [ann.id],
        data: { ...exception('mixed', drill.id, [ann.id, drill.id]), thingName: 'Drill' },
      },
      { type: 'exception', ...address, data: exception('last', drill.id, []) },
    ]);
    const complete = (frames: StreamFrame[]) =>
      frames.some((f) => f.type === 'exception' && f.data.message === 'last') &&
      frames.some((f) => f.type === 'thing' && names(f, ann.id) && 'thing' in f.data) &&
      ['event', 'zoneChange', 'thing'].every((t) =>
        [ann.id, drill.id].every((id) => frames.some((f) => f.type === t && names(f, id))),
      );
    await waitUntil(() => complete(since('admin', admin)), 5000, 'admin: every message');
    await waitUntil(() => complete(since('viewerKey', viewerKey)), 5000, 'viewer key: every message');

    const byAdmin = since('admin', admin);
    const byKey = since('viewerKey', viewerKey);
    const pseudonym = workerPseudonym(ann.id);
    // The same messages in the same order: nothing left out for either.
    expect(byKey.map((f) => f.type)).toEqual(byAdmin.map((f) => f.type));
    // The Admin gets the worker's name; the key never, nor its serial or description.
    expect(JSON.stringify(byAdmin)).toContain('Ann');
    expect(JSON.stringify(byKey)).not.toMatch(/Ann|SN-ANN|night shift/);
    // StreamFrame by frame: the key's is the Admin's with the worker's name (and record) masked.
    const masked = byAdmin.map((f): StreamFrame => {
      const d = f.data;
      if (f.type === 'thing' && d._id === ann.id) return { ...f, data: { ...d, name: pseudonym } };
      if (f.type === 'thing' && (d.thing as { _id?: string } | undefined)?._id === ann.id)
        return {
          ...f,
          data: {
            ...d,
            thing: { ...(d.thing as object), name: pseudonym, serial: '', description: '', photo: [] },
          },
        };
      if ((f.type === 'zoneChange' || f.type === 'exception') && d.thing === ann.id)
        return { ...f, data: { ...d, thingName: pseudonym } };
      return f;
    });
    expect(byKey).toEqual(masked);
    // Each message type that names the worker was masked (events name no thing by name).
    const kinds = byKey.filter((f) => JSON.stringify(f.data).includes(pseudonym)).map((f) => f.type);
    expect(new Set(kinds)).toEqual(new Set(['thing', 'zoneChange', 'exception']));
    expect(byKey.filter((f) => f.type === 'event' && names(f, ann.id))).toEqual(
      byAdmin.filter((f) => f.type === 'event' && names(f, ann.id)),
    );
  });
});

function exception(message: string, thing: string | null, multipleThings: string[]) {
  return {
    _id: `e${message.length}`,
    type: 'inventoryThingsUnexpected' as const,
    time: '2024-05-01T10:06:00.000Z',
    thing,
    thingName: null,
    zone: null,
    zoneName: null,
    multipleThings,
    timeDuration: null,
    message,
  };
}

describe('presentLive', () => {
  const subscriber = { orgId: 'o', userId: 'u', siteId: 's', workers: 'hidden' as const };
  const base = { orgId: 'o', siteId: 's', at: 1 };

  it("passes another user's notification to no one else and a heartbeat to everyone", () => {
    const note: LiveMessage = { ...base, type: 'notification', userId: 'v', data: {} };
    const beat: LiveMessage = { ...base, type: 'heartbeat', data: {} };
    expect(presentLive(subscriber, note)).toBeUndefined();
    expect(presentLive({ ...subscriber, userId: 'v' }, note)).toBe(note);
    expect(presentLive(subscriber, beat)).toBe(beat);
    expect(presentLive(subscriber, { ...beat, orgId: 'p' })).toBeUndefined();
    expect(presentLive(subscriber, { ...beat, siteId: 't' })).toBeUndefined();
  });

  it('presents one message the same way to every subscriber that hides workers (one copy)', () => {
    const m: LiveMessage = {
      ...base,
      type: 'exception',
      workers: ['w'],
      data: exception('x', 'i', ['w', 'i']),
    };
    const first = presentLive(subscriber, m);
    expect(first?.data).toMatchObject({ multipleThings: ['i'] });
    expect(first?.workers).toBeUndefined();
    expect(presentLive({ ...subscriber, userId: 'other' }, m)).toBe(first);
    expect(presentLive({ ...subscriber, workers: 'shown' }, m)).toBe(m);
  });

  it("masks by each worker's home site, an unknown worker too, one copy per set of masked workers", () => {
    const mask = {
      maskedSites: new Set(['north']),
      homes: new Map([
        ['n', 'north'],
        ['w', 'south'],
      ]),
    };
    const masking = { ...subscriber, workers: mask };
    const zoneChange = (thing: string): LiveMessage => ({
      ...base,
      type: 'zoneChange',
      workers: [thing],
      data: { thing, thingName: 'Name', from: null, fromName: null, to: null, toName: null, time: 't' },
    });
    const ofNorth = zoneChange('n');
    const first = presentLive(masking, ofNorth);
    expect(first?.data).toMatchObject({ thingName: workerPseudonym('n') });
    expect(presentLive({ ...masking, userId: 'other' }, ofNorth)).toBe(first);
    const ofSouth = zoneChange('w');
    expect(presentLive(masking, ofSouth)).toBe(ofSouth);
    // Created since the homes were read: masked until they are read again.
    expect(presentLive(masking, zoneChange('new'))?.data).toMatchObject({
      thingName: workerPseudonym('new'),
    });
    // A thing message states the home site it was published with.
    const moved: LiveMessage = {
      ...base,
      type: 'thing',
      workers: ['w'],
      data: { _id: 'w', name: 'Name', class: 'worker', site: 'north', change: 'updated' },
    };
    expect(presentLive(masking, moved)?.data).toMatchObject({ name: workerPseudonym('w') });
  });
});

describe("an exception's changes on the live stream", () => {
  async function missing(s: Awaited<ReturnType<typeof scenario>>['s'], thingId: string) {
    const id = newId();
    await app.ctx.db.insert(exceptions).values({
      id,
      orgId: s.org.id,
      siteId: s.site.id,
      type: 'thingMissing',
      time: new Date('2024-05-01T12:00:00Z'),
      thingId,
      zoneId: s.dock,
      timeDurationNs: 3_600_000_000_000,
    });
    return id;
  }
  const changesOf = (stream: OpenStream, id: string) =>
    framesOf(stream).filter((f) => f.type === 'exception' && f.data._id === id);

  it('names the worker by its pseudonym to a Viewer once acknowledged or resolved, by name to an Admin', async () => {
    const { s, ann, admin, viewerKey } = await scenario();
    const on = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, {
      pseudonymizeWorkers: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    await app.ctx.streams.recheck();
    const id = await missing(s, ann.id);
    for (const step of ['acknowledge', 'resolve']) {
      const res = await s.admin.request('POST', `/api/exceptions/${id}/${step}`, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    const pseudonym = workerPseudonym(ann.id);
    for (const [stream, name] of [
      [admin, 'Ann'],
      [viewerKey, pseudonym],
    ] as const) {
      await waitUntil(() => changesOf(stream, id).length === 2, 5000, `${name}: both changes`);
      expect(changesOf(stream, id).map((f) => [f.data.change, f.data.thingName, f.data.message])).toEqual([
        ['acknowledged', name, `${name} has not been seen for 1 hour(s)`],
        ['resolved', name, `${name} has not been seen for 1 hour(s)`],
      ]);
    }
  });

  it('sends nobody a change of a worker exception where the site hides workers', async () => {
    const { s, ann, drill, admin, viewerKey } = await scenario();
    const hide = await s.admin.request('POST', `/api/orgsettings?site=${s.site.id}`, { hideWorkers: true });
    expect(hide.statusCode, hide.body).toBe(200);
    await app.ctx.streams.recheck();
    const ofAnn = await missing(s, ann.id);
    const ofDrill = await missing(s, drill.id);
    const steps = (await findExceptions(app.ctx.db, s.org.id, [ofAnn, ofDrill])).map((record) => ({
      change: 'resolved' as const,
      record,
    }));
    await publishExceptionChanges(app.ctx, s.org.id, steps);
    for (const stream of [admin, viewerKey]) {
      await waitUntil(() => changesOf(stream, ofDrill).length === 1, 5000, "the item's change");
      expect(changesOf(stream, ofAnn)).toEqual([]);
      expect(framesOf(stream).filter((f) => JSON.stringify(f.data).includes('Ann'))).toEqual([]);
    }
  });
});
