/**
 * An eventID names one event of an organization (decision 0424), with OpenEPCIS's capture test
 * documents (fixtures/openepcis, Apache-2.0) as the events: the same event captured again is a
 * repeat, stored once; another event under a captured eventID refuses its document (409) and
 * nothing of it is stored; another organization's eventIDs are its own; an error declaration shares
 * the eventID of the event it declares erroneous; an event without an eventID is named by its
 * content, so the same rule holds for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EPCIS_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../../../test/factories/app.factory.js';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, login, makeUser } from '../../../test/factories.js';
import { epcisCapturedIds, epcisCaptures, epcisEvents } from '../../db/schema.js';
import { EVENT_ID_CAPTURED, eventIdInDocument } from './capture.js';
import { capturedEventId } from './event-hash.js';
import { epcisSchemaErrors } from './schema.js';

const app = await makeApp();
const { db } = app.ctx;
const dir = path.join(import.meta.dirname, 'fixtures', 'openepcis', 'Capture');
type Event = Record<string, unknown>;
interface Doc extends Event {
  epcisBody: { eventList: Event[] };
}
const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Doc;
/** Two ObjectEvents, each with its eventID. */
const OBJECT_EVENTS = 'Documents/ObjectEvent.json';
/** Two AssociationEvents without an eventID. */
const ASSOCIATIONS = 'Documents/AssociationEvent.json';
/** Two TransactionEvents without an eventID. */
const TRANSACTION = 'Documents/TransactionEvent.json';
/** One ObjectEvent without an eventID, of fields the CBV hash reads only. */
const CUSTOM_BIZ_STEP = 'Documents/ObjectEvent_with_custom_bizStep_uri.json';

/** The document with these events in place of its own. */
const withEvents = (doc: Doc, eventList: Event[]): Doc => ({
  ...doc,
  epcisBody: { ...doc.epcisBody, eventList },
});
const first = (doc: Doc) => doc.epcisBody.eventList[0] as Event;

type Client = Awaited<ReturnType<typeof trackedSite>>['admin'];
async function answered(client: Client) {
  const res = await client.request('GET', '/api/epcis/events?perPage=1000');
  expect(res.statusCode).toBe(200);
  expect(epcisSchemaErrors(res.json())).toEqual([]);
  return (res.json().epcisBody.queryResults.resultsBody.eventList as Event[]).map((e) => e.eventID);
}
const stored = async (orgId: string) => ({
  captures: (await db.select().from(epcisCaptures).where(eq(epcisCaptures.orgId, orgId))).length,
  events: (await db.select().from(epcisEvents).where(eq(epcisEvents.orgId, orgId))).length,
  ids: (await db.select().from(epcisCapturedIds).where(eq(epcisCapturedIds.orgId, orgId))).length,
});

describe('captured eventIDs', () => {
  it('across two captures: the same document again is a repeat; another event under one of its eventIDs is refused whole', async () => {
    const s = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const ids = doc.epcisBody.eventList.map((e) => e.eventID);
    expect((await s.admin.request('POST', '/api/epcis/capture', doc)).statusCode).toBe(202);
    const again = await s.admin.request('POST', '/api/epcis/capture', doc);
    expect(again.statusCode, again.body).toBe(202);
    expect((await s.admin.request('GET', String(again.headers.location))).json()).toMatchObject({
      success: true,
      errors: [],
    });
    expect(await answered(s.admin)).toEqual(ids);
    expect(await stored(s.org.id)).toEqual({ captures: 2, events: 2, ids: 2 });

    // The second event changed (its disposition), its eventID kept, next to a new event.
    const [one, two] = doc.epcisBody.eventList as [Event, Event];
    const changed = withEvents(doc, [first(read(TRANSACTION)), one, { ...two, disposition: 'damaged' }]);
    const res = await s.admin.request('POST', '/api/epcis/capture', changed);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message: EPCIS_MSG.eventIdTaken,
      errors: [{ path: '/epcisBody/eventList/2/eventID', message: EVENT_ID_CAPTURED }],
    });
    expect(await answered(s.admin)).toEqual(ids);
    expect(await stored(s.org.id)).toEqual({ captures: 2, events: 2, ids: 2 });
    // A single event sent alone names its eventID at the root.
    const alone = await s.admin.request('POST', '/api/epcis/capture', {
      '@context': doc['@context'],
      ...two,
      disposition: 'damaged',
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().errors).toEqual([{ path: '/eventID', message: EVENT_ID_CAPTURED }]);
  });

  it('within a document: an event twice is captured once; two events under one eventID refuse the document', async () => {
    const s = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const [one, two] = doc.epcisBody.eventList as [Event, Event];
    const refused = await s.admin.request(
      'POST',
      '/api/epcis/capture',
      withEvents(doc, [one, two, { ...one, eventTime: '2005-04-03T20:39:31.116-06:00' }]),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual([
      { path: '/epcisBody/eventList/2/eventID', message: eventIdInDocument(0) },
    ]);
    expect(await answered(s.admin)).toEqual([]);
    expect(await stored(s.org.id)).toEqual({ captures: 0, events: 0, ids: 0 });

    const twice = await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [one, two, one]));
    expect(twice.statusCode, twice.body).toBe(202);
    expect(await answered(s.admin)).toEqual([one.eventID, two.eventID]);
    expect(await stored(s.org.id)).toEqual({ captures: 1, events: 2, ids: 2 });
  });

  it("is the organization's own: another organization captures the same eventIDs, each answering its own", async () => {
    const a = await trackedSite(app);
    const b = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const [one, two] = doc.epcisBody.eventList as [Event, Event];
    expect((await a.admin.request('POST', '/api/epcis/capture', doc)).statusCode).toBe(202);
    // The same eventIDs, one of them on another event, in the other organization.
    const theirs = withEvents(doc, [one, { ...two, disposition: 'damaged' }]);
    expect((await b.admin.request('POST', '/api/epcis/capture', theirs)).statusCode).toBe(202);
    for (const [client, disposition] of [
      [a.admin, two.disposition],
      [b.admin, 'damaged'],
    ] as const) {
      const res = await client.request('GET', `/api/epcis/events/${encodeURIComponent(String(two.eventID))}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().epcisBody.queryResults.resultsBody.eventList[0].disposition).toBe(disposition);
    }
    expect(await stored(a.org.id)).toEqual({ captures: 1, events: 2, ids: 2 });
    expect(await stored(b.org.id)).toEqual({ captures: 1, events: 2, ids: 2 });
  });

  it('lets an error declaration carry the eventID of the event it declares erroneous, once', async () => {
    const s = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const [one] = doc.epcisBody.eventList as [Event];
    // The declaration is the event again with an errorDeclaration (the one case EPCIS 2.0 allows).
    const declaration = {
      ...one,
      errorDeclaration: { declarationTime: '2005-04-05T08:00:00.000Z', reason: 'incorrect_data' },
    };
    expect((await s.admin.request('POST', '/api/epcis/capture', doc)).statusCode).toBe(202);
    const declared = await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [declaration]));
    expect(declared.statusCode, declared.body).toBe(202);
    expect(await answered(s.admin)).toEqual([one.eventID, one.eventID, doc.epcisBody.eventList[1]?.eventID]);
    // By its eventID: a query document of the event and its declaration (GS1's REST binding).
    const byId = await s.admin.request('GET', `/api/epcis/events/${encodeURIComponent(String(one.eventID))}`);
    expect(epcisSchemaErrors(byId.json())).toEqual([]);
    const both = byId.json().epcisBody.queryResults.resultsBody.eventList as Event[];
    expect(both.map((e) => e.errorDeclaration !== undefined)).toEqual([false, true]);
    // The same declaration again is a repeat; another one under that eventID is refused.
    expect(
      (await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [declaration]))).statusCode,
    ).toBe(202);
    const other = { ...declaration, errorDeclaration: { declarationTime: '2005-04-06T08:00:00.000Z' } };
    expect((await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [other]))).statusCode).toBe(
      409,
    );
    expect(await stored(s.org.id)).toEqual({ captures: 3, events: 3, ids: 3 });
  });

  it('names an event without an eventID by its content: the same event is a repeat, events differing anywhere are two', async () => {
    const s = await trackedSite(app);
    const doc = read(ASSOCIATIONS);
    const [bare, full] = doc.epcisBody.eventList as [Event, Event];
    const hashable = first(read(CUSTOM_BIZ_STEP));
    for (const e of [bare, full, hashable]) expect(e.eventID).toBeUndefined();
    expect((await s.admin.request('POST', '/api/epcis/capture', doc)).statusCode).toBe(202);
    expect((await s.admin.request('POST', '/api/epcis/capture', read(CUSTOM_BIZ_STEP))).statusCode).toBe(202);
    // Only fields the CBV hash reads: its eventID is that hash, whatever the order of its keys.
    const reordered = Object.fromEntries(Object.entries(hashable).reverse());
    expect(capturedEventId(reordered)).toBe(capturedEventId(hashable));
    expect(capturedEventId(hashable)).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    // Fields it does not read (business transactions): the SHA-256 of the whole content, so a copy
    // without them, equal in every field the hash reads, is another event with another eventID.
    const { bizTransactionList: _, ...copy } = full;
    expect(capturedEventId(full)).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}$/);
    expect(capturedEventId(copy)).not.toBe(capturedEventId(full));
    const res = await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [reordered, full, copy]));
    expect(res.statusCode, res.body).toBe(202);
    const ids = await answered(s.admin);
    expect(ids).toHaveLength(4);
    expect(ids).toEqual(expect.arrayContaining([bare, full, hashable, copy].map((e) => capturedEventId(e))));
    expect(await stored(s.org.id)).toEqual({ captures: 3, events: 4, ids: 4 });
  });

  it('holds for sightings too: a sighting captured again is not applied twice, another under its eventID is refused', async () => {
    const s = await trackedSite(app);
    // The dock's and the store's readers are read points named by SGLNs; the pallet is the TDS's SGTIN.
    for (const [id, sgln] of [
      [s.dockReader.id, 'urn:epc:id:sgln:0614141.00001.0'],
      [s.storeReader.id, 'urn:epc:id:sgln:0614141.00002.0'],
    ] as const) {
      const endpoint = await s.admin.request('GET', `/api/endpoints/${id}`);
      const put = await s.admin.request('PUT', `/api/endpoints/${id}`, {
        ...(endpoint.json() as object),
        epcisId: sgln,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    await s.admin.request('POST', '/api/things', {
      name: 'Pallet',
      site: s.site.id,
      tag1: '3074257BF7194E4000001A85',
    });
    const doc = read(OBJECT_EVENTS);
    const [one] = doc.epcisBody.eventList as [Event];
    // ObjectEvent.json's first event (its eventID kept), at the dock, of the pallet.
    const atDock = {
      ...one,
      eventTime: '2024-05-01T10:00:00.000Z',
      epcList: ['urn:epc:id:sgtin:0614141.812345.6789'],
      readPoint: { id: 'urn:epc:id:sgln:0614141.00001.0' },
    };
    const atStore: Event = {
      ...atDock,
      eventTime: '2024-05-01T10:05:00.000Z',
      readPoint: { id: 'urn:epc:id:sgln:0614141.00002.0' },
    };
    const sightings = async () =>
      ((await s.admin.request('GET', `/api/events?site=${s.site.id}`)).json() as { endpoint: string }[]).map(
        (e) => e.endpoint,
      );
    for (let i = 0; i < 2; i++)
      expect(
        (await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [atDock]))).statusCode,
      ).toBe(202);
    expect(await sightings()).toEqual([s.dockReader.id]);
    const refused = await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [atStore]));
    expect(refused.statusCode).toBe(409);
    expect(await sightings()).toEqual([s.dockReader.id]);
    const { eventID: _, ...withoutId } = atStore;
    expect(
      (await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [withoutId]))).statusCode,
    ).toBe(202);
    expect((await sightings()).sort()).toEqual([s.dockReader.id, s.storeReader.id].sort());
    expect(await stored(s.org.id)).toEqual({ captures: 3, events: 0, ids: 2 });
  });

  it('lets one of two captures running together have an eventID for its event: the other is refused whole', async () => {
    const s = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const [one, two] = doc.epcisBody.eventList as [Event, Event];
    const answers = await Promise.all([
      s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [one, two])),
      s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [{ ...two, disposition: 'damaged' }])),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    const stored409 = answers.find((a) => a.statusCode === 409);
    expect(stored409?.json().message).toBe(EPCIS_MSG.eventIdTaken);
    expect(await stored(s.org.id)).toMatchObject({ captures: 1 });
  });

  it('reserves no eventID for a document it refuses: 400, 401, 403; and answers no other organization (404)', async () => {
    const s = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const [one] = doc.epcisBody.eventList as [Event];
    // 400: one event invalid by GS1's schema.
    const invalid = await s.admin.request(
      'POST',
      '/api/epcis/capture',
      withEvents(doc, [one, { ...one, action: 'SEEN' }]),
    );
    expect(invalid.statusCode).toBe(400);
    expect((await anonymous(app).request('POST', '/api/epcis/capture', doc)).statusCode).toBe(401);
    expect((await s.viewer.request('POST', '/api/epcis/capture', doc)).statusCode).toBe(403);
    const limited = await login(
      app,
      (await makeUser(app, s.org.id, { role: 'admin', sites: [s.site.id] })).username,
    );
    const kept = await limited.request('POST', '/api/epcis/capture', doc);
    expect(kept.statusCode).toBe(403);
    expect(kept.json().message).toBe(EPCIS_MSG.keptNeedsAllSites);
    expect(await stored(s.org.id)).toEqual({ captures: 0, events: 0, ids: 0 });
    // Every eventID is still free: the document is captured whole.
    const res = await s.admin.request('POST', '/api/epcis/capture', doc);
    expect(res.statusCode).toBe(202);
    expect(await stored(s.org.id)).toEqual({ captures: 1, events: 2, ids: 2 });
    const other = await trackedSite(app);
    expect((await other.admin.request('GET', String(res.headers.location))).statusCode).toBe(404);
    expect(
      (await other.admin.request('GET', `/api/epcis/events/${encodeURIComponent(String(one.eventID))}`))
        .statusCode,
    ).toBe(404);
  });

  it('refuses an event without an eventID whose computed name another event already gave explicitly', async () => {
    const s = await trackedSite(app);
    const doc = read(CUSTOM_BIZ_STEP);
    const name = capturedEventId(first(doc));
    // Another event takes that name first, sent explicitly.
    const squat = withEvents(doc, [{ ...first(read(OBJECT_EVENTS)), eventID: name }]);
    const taken = await s.admin.request('POST', '/api/epcis/capture', squat);
    expect(taken.statusCode, taken.body).toBe(202);
    const res = await s.admin.request('POST', '/api/epcis/capture', doc);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      { path: '/epcisBody/eventList/0/eventID', message: EVENT_ID_CAPTURED },
    ]);
    expect(await stored(s.org.id)).toMatchObject({ captures: 1, events: 1 });
  });

  it('captures the same document sent several times at once: each a 202, stored once', async () => {
    const s = await trackedSite(app);
    const doc = read(OBJECT_EVENTS);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => s.admin.request('POST', '/api/epcis/capture', doc)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(await stored(s.org.id)).toEqual({ captures: 4, events: 2, ids: 2 });
  });

  it('keeps an error declaration at a reader as received, never as a sighting', async () => {
    const s = await trackedSite(app);
    const endpoint = await s.admin.request('GET', `/api/endpoints/${s.dockReader.id}`);
    await s.admin.request('PUT', `/api/endpoints/${s.dockReader.id}`, {
      ...(endpoint.json() as object),
      epcisId: 'urn:epc:id:sgln:0614141.00001.0',
    });
    const declared = {
      ...first(read(OBJECT_EVENTS)),
      eventTime: '2024-05-01T10:00:00.000Z',
      epcList: ['urn:epc:id:sgtin:0614141.812345.6789'],
      readPoint: { id: 'urn:epc:id:sgln:0614141.00001.0' },
      errorDeclaration: { declarationTime: '2024-05-02T10:00:00.000Z', reason: 'did_not_occur' },
    };
    const doc = withEvents(read(OBJECT_EVENTS), [declared]);
    const res = await s.admin.request('POST', '/api/epcis/capture', doc);
    expect(res.statusCode, res.body).toBe(202);
    expect((await s.admin.request('GET', `/api/events?site=${s.site.id}`)).json()).toEqual([]);
    expect(await stored(s.org.id)).toMatchObject({ events: 1 });
    // A caller of one site captures sightings only: a declaration is the organization's.
    const limited = await login(
      app,
      (await makeUser(app, s.org.id, { role: 'admin', sites: [s.site.id] })).username,
    );
    expect((await limited.request('POST', '/api/epcis/capture', doc)).statusCode).toBe(403);
  });

  it('answers 400 for a query document or an eventID over its length, and finds a long eventID by its path', async () => {
    const s = await trackedSite(app);
    const queryDocument = JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, 'fixtures', 'event-hash', 'epcisQueryDocument.jsonld'),
        'utf8',
      ),
    );
    const query = await s.admin.request('POST', '/api/epcis/capture', queryDocument);
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json().message).toBe(EPCIS_MSG.notCapturable);
    const doc = read(OBJECT_EVENTS);
    const event = first(doc);
    const long = await s.admin.request(
      'POST',
      '/api/epcis/capture',
      withEvents(doc, [{ ...event, eventID: `urn:x:${'a1'.repeat(1500)}` }]),
    );
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().errors).toEqual([
      { path: '/epcisBody/eventList/0/eventID', message: EPCIS_MSG.eventIdTooLong },
    ]);
    expect(await stored(s.org.id)).toEqual({ captures: 0, events: 0, ids: 0 });
    // 990 characters: kept, and found by its eventID in the path.
    const id = `urn:x:${'b2'.repeat(492)}`;
    expect(
      (await s.admin.request('POST', '/api/epcis/capture', withEvents(doc, [{ ...event, eventID: id }])))
        .statusCode,
    ).toBe(202);
    const found = await s.admin.request('GET', `/api/epcis/events/${encodeURIComponent(id)}`);
    expect(found.statusCode, found.body.slice(0, 200)).toBe(200);
    expect(found.json().epcisBody.queryResults.resultsBody.eventList.map((e: Event) => e.eventID)).toEqual([
      id,
    ]);
  });
});
