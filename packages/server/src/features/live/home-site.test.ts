/**
 * A worker's pseudonym follows the worker's home site, wherever it is seen (features/live/present.ts):
 * two sites, North (pseudonymous workers) and South (not), a worker of each, each seen by the
 * readers of both sites. On both sites' streams, a Viewer API key of both sites gets North's worker
 * by its pseudonym and South's by name — exactly the names `GET things/{id}` answers the same key —
 * and the Admin every name. A worker moved to the other home site is named by the new rule at the
 * next recheck.
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
import { gate, makeApp, makeEndpoint, makeSite, makeThing, makeZone } from '../../../test/factories.js';
import { workerPseudonym } from '../privacy/pseudonyms.js';

const app = await makeApp();
const port = await portOf(app);
const open: OpenStream[] = [];
afterAll(() => {
  for (const s of open) s.close();
});

/** The name a frame gives the thing `id`, if it names it (thing state or record, zone change, exception). */
function nameIn(f: StreamFrame, id: string): unknown {
  const d = f.data;
  if (f.type === 'thing' && d._id === id) return d.name;
  const record = d.thing as { _id?: string; name?: string } | undefined;
  if (f.type === 'thing' && record?._id === id) return record.name;
  if ((f.type === 'zoneChange' || f.type === 'exception') && d.thing === id) return d.thingName;
  return undefined;
}

async function scenario() {
  const north = await trackedSite(app);
  const { db } = app.ctx;
  const orgId = north.org.id;
  const south = await makeSite(app, orgId, 'South');
  const southReader = await makeEndpoint(db, orgId, south.id, { name: 'South reader' });
  await makeZone(db, orgId, south.id, { name: 'South gate', gates: [gate(southReader.id)] });
  const ann = await makeThing(db, orgId, north.site.id, { name: 'Ann North', class: 'worker' });
  const bob = await makeThing(db, orgId, south.id, { name: 'Bob South', class: 'worker' });
  const on = await north.admin.request('POST', `/api/orgsettings?site=${north.site.id}`, {
    pseudonymizeWorkers: true,
  });
  expect(on.statusCode, on.body).toBe(200);
  const keyRes = await north.admin.request('POST', '/api/apikeys', {
    name: 'viewer of both sites',
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [north.site.id, south.id] },
  });
  expect(keyRes.statusCode, keyRes.body).toBe(200);
  const token = (keyRes.json() as { token: string }).token;
  const restName = async (id: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/things/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { name: string }).name;
  };
  const streams = {
    keyNorth: await openStream(port, `/api/live?site=${north.site.id}`, { bearer: token }),
    keySouth: await openStream(port, `/api/live?site=${south.id}`, { bearer: token }),
    adminNorth: await openStream(port, `/api/live?site=${north.site.id}`, { cookie: north.admin.cookie }),
    adminSouth: await openStream(port, `/api/live?site=${south.id}`, { cookie: north.admin.cookie }),
  };
  open.push(...Object.values(streams));
  expect(Object.values(streams).map((s) => s.status)).toEqual([200, 200, 200, 200]);
  return { north, south, southReader, ann, bob, restName, streams };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** Both workers seen by both sites' readers, and an exception about each on each site. */
async function seeEverywhere(s: Scenario, time: string) {
  for (const reader of [s.north.dockReader, s.southReader]) {
    const res = await postNative(app, reader, [
      { tag: s.ann.tag, time },
      { tag: s.bob.tag, time },
    ]);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const at = Date.now();
  const exception = (thing: string, thingName: string) => ({
    _id: `x-${thing}`,
    type: 'thingMissing' as const,
    time,
    thing,
    thingName,
    zone: null,
    zoneName: null,
    multipleThings: [],
    timeDuration: 3_600_000_000_000,
    message: `${thingName} has not been seen for 1 hour(s)`,
  });
  await app.ctx.live.publish(
    [s.north.site.id, s.south.id].flatMap((siteId) => [
      {
        type: 'exception',
        orgId: s.north.org.id,
        siteId,
        at,
        workers: [s.ann.id],
        data: exception(s.ann.id, 'Ann North'),
      },
      {
        type: 'exception',
        orgId: s.north.org.id,
        siteId,
        at,
        workers: [s.bob.id],
        data: exception(s.bob.id, 'Bob South'),
      },
    ]),
  );
}

/** Waits until `stream` (from frame `from`) has named both workers in every kind of message, and answers the names it used. */
async function namesOn(s: Scenario, stream: OpenStream, from: number, who: string) {
  const kinds = ['thing', 'zoneChange', 'exception'];
  const named = () => {
    const frames = framesOf(stream).slice(from);
    return Object.fromEntries(
      [s.ann.id, s.bob.id].map((id) => [
        id,
        Object.fromEntries(
          kinds.map((k) => [
            k,
            frames.filter((f) => f.type === k && nameIn(f, id) !== undefined).map((f) => nameIn(f, id)),
          ]),
        ),
      ]),
    ) as Record<string, Record<string, unknown[]>>;
  };
  await waitUntil(
    () => Object.values(named()).every((byKind) => kinds.every((k) => (byKind[k]?.length ?? 0) > 0)),
    8000,
    `${who}: both workers in every kind of message`,
  );
  const all = named();
  // One name per worker across every message kind.
  return Object.fromEntries(
    Object.entries(all).map(([id, byKind]) => [id, [...new Set(Object.values(byKind).flat())]]),
  );
}

describe("live names follow the worker's home site", () => {
  it('masks a pseudonymous home site’s worker on every stream and names the other on every stream, as REST does', async () => {
    const s = await scenario();
    const pseudonym = workerPseudonym(s.ann.id);
    expect(await s.restName(s.ann.id)).toBe(pseudonym);
    expect(await s.restName(s.bob.id)).toBe('Bob South');

    await seeEverywhere(s, '2024-05-01T10:00:00Z');
    for (const [who, stream] of Object.entries(s.streams)) {
      const names = await namesOn(s, stream, 0, who);
      const byKey = who.startsWith('key');
      // North's worker on South's stream too; South's worker by name on North's stream too.
      expect(names, who).toEqual({
        [s.ann.id]: [byKey ? pseudonym : 'Ann North'],
        [s.bob.id]: ['Bob South'],
      });
      if (byKey) expect(JSON.stringify(framesOf(stream))).not.toContain('Ann North');
    }
    // The missing-thing text is built again from the pseudonym.
    const south = framesOf(s.streams.keySouth).find(
      (f) => f.type === 'exception' && f.data.thing === s.ann.id,
    );
    expect(south?.data.message).toBe(`${pseudonym} has not been seen for 1 hour(s)`);
  });

  it('follows a worker moved to another home site at the next recheck', async () => {
    const s = await scenario();
    const moved = await s.north.admin.request('GET', `/api/things/${s.bob.id}`);
    const { _id, timeCreated, timeModified, ...body } = moved.json();
    const saved = await s.north.admin.request('PUT', `/api/things/${s.bob.id}`, {
      ...body,
      site: s.north.site.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await app.ctx.streams.recheck();
    const bobPseudonym = workerPseudonym(s.bob.id);
    expect(await s.restName(s.bob.id)).toBe(bobPseudonym);
    const from = framesOf(s.streams.keySouth).length;
    await seeEverywhere(s, '2024-05-01T11:00:00Z');
    const names = await namesOn(s, s.streams.keySouth, from, 'key on South');
    expect(names[s.bob.id]).toEqual([bobPseudonym]);
    expect(JSON.stringify(framesOf(s.streams.keySouth).slice(from))).not.toContain('Bob South');
  });
});
