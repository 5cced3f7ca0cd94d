import { ROLE_IDS } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { gate } from '../../../test/factories/zone.factory.js';
import {
  anonymous,
  clientWith,
  makeApp,
  makeEndpoint,
  makeSite,
  makeThing,
  makeZone,
} from '../../../test/factories.js';
import { sites } from '../../db/schema.js';
import { epcisSchemaErrors } from './schema.js';

const app = await makeApp();
const { db } = app.ctx;

// The Tag Data Standard's SGTIN-96 example, and a TID read as an EPC.
const SGTIN = '3074257BF7194E4000001A85';
const SGTIN_URI = 'urn:epc:id:sgtin:0614141.812345.6789';
const TID = 'E2801160600002084F2A2D4B';

interface QueryDocument {
  type: string;
  epcisBody: { queryResults: { resultsBody: { eventList: Record<string, unknown>[] } } };
}
const eventsOf = (res: { json(): unknown }) =>
  (res.json() as QueryDocument).epcisBody.queryResults.resultsBody.eventList;

/** A site with a pallet seen at the dock then the store, a TID at the dock, and a second site. */
async function siteWithHistory() {
  const s = await trackedSite(app);
  await makeThing(db, s.org.id, s.site.id, { tag: SGTIN, name: 'Pallet' });
  await postNative(app, s.dockReader, [
    { tag: SGTIN, antenna: 1, time: '2024-05-01T10:00:00Z' },
    { tag: TID, antenna: 1, time: '2024-05-01T10:00:30Z' },
  ]);
  await postNative(app, s.storeReader, [{ tag: SGTIN, time: '2024-05-02T09:00:00Z' }]);
  const second = await makeSite(app, s.org.id, 'Second');
  const yardReader = await makeEndpoint(db, s.org.id, second.id, { name: 'Yard reader' });
  await makeZone(db, s.org.id, second.id, { name: 'Yard', gates: [gate(yardReader.id)] });
  await postNative(app, yardReader, [{ tag: SGTIN, time: '2024-05-03T09:00:00Z' }]);
  return { ...s, second, yardReader };
}

async function apiKey(s: Awaited<ReturnType<typeof siteWithHistory>>, sites: string[]) {
  const res = await s.admin.request('POST', '/api/apikeys', {
    name: 'EPCIS partner',
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites },
  });
  expect(res.statusCode).toBe(200);
  return clientWith(app, { bearer: res.json().token });
}

describe('GET /api/epcis/events', () => {
  it('answers every event as an ObjectEvent in an EPCISQueryDocument valid by GS1 schema, oldest first', async () => {
    const s = await siteWithHistory();
    const res = await s.viewer.request('GET', '/api/epcis/events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(epcisSchemaErrors(res.json())).toEqual([]);
    expect(res.json()).toMatchObject({
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISQueryDocument',
      schemaVersion: '2.0',
    });
    const list = eventsOf(res);
    expect(list.map((e) => [e.eventTime, (e.epcList as string[])[0]])).toEqual([
      ['2024-05-01T10:00:00.000Z', SGTIN_URI],
      ['2024-05-01T10:00:30.000Z', `urn:epc:raw:96.x${TID}`],
      ['2024-05-02T09:00:00.000Z', SGTIN_URI],
      ['2024-05-03T09:00:00.000Z', SGTIN_URI],
    ]);
    expect(list[0]).toEqual({
      eventID: expect.stringMatching(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/),
      type: 'ObjectEvent',
      eventTime: '2024-05-01T10:00:00.000Z',
      eventTimeZoneOffset: '+00:00',
      recordTime: '2024-05-01T10:00:00.000Z',
      epcList: [SGTIN_URI],
      action: 'OBSERVE',
      bizStep: 'cycle_counting',
      readPoint: { id: `urn:sightline:endpoint:${s.dockReader.id}` },
      bizLocation: { id: `urn:sightline:zone:${s.dock}` },
    });
  });

  it('filters by the standard parameters and site', async () => {
    const s = await siteWithHistory();
    const times = async (query: string) => {
      const res = await s.viewer.request('GET', `/api/epcis/events?${query}`);
      expect(res.statusCode).toBe(200);
      expect(epcisSchemaErrors(res.json())).toEqual([]);
      return eventsOf(res).map((e) => (e.eventTime as string).slice(0, 16));
    };
    expect(await times('GE_eventTime=2024-05-01T10:00:30Z&LT_eventTime=2024-05-03T00:00:00Z')).toEqual([
      '2024-05-01T10:00',
      '2024-05-02T09:00',
    ]);
    expect(await times('GE_recordTime=2024-05-02T00:00:00Z&LT_recordTime=2024-05-02T12:00:00Z')).toEqual([
      '2024-05-02T09:00',
    ]);
    expect(await times(`site=${s.second.id}`)).toEqual(['2024-05-03T09:00']);
    expect(await times(`EQ_readPoint=urn:sightline:endpoint:${s.storeReader.id}`)).toEqual([
      '2024-05-02T09:00',
    ]);
    expect(await times(`WD_readPoint=urn:sightline:site:${s.second.id}`)).toEqual(['2024-05-03T09:00']);
    expect(await times(`EQ_bizLocation=urn:sightline:zone:${s.store}`)).toEqual(['2024-05-02T09:00']);
    expect(await times(`WD_bizLocation=urn:sightline:site:${s.site.id}`)).toHaveLength(3);
    expect(await times(`MATCH_epc=urn:epc:raw:96.x${TID}`)).toEqual(['2024-05-01T10:00']);
    expect(await times(`MATCH_anyEPC=${SGTIN_URI}&site=${s.site.id}`)).toEqual([
      '2024-05-01T10:00',
      '2024-05-02T09:00',
    ]);
    expect(await times('MATCH_epc=urn:epc:idpat:sgtin:0614141.812345.*')).toHaveLength(3);
    expect(await times('MATCH_epc=urn:epc:idpat:sgtin:0614141.*.*')).toHaveLength(3);
    expect(await times('MATCH_epc=urn:epc:idpat:sgtin:0614142.*.*')).toEqual([]);
    expect(await times('EQ_bizStep=cycle_counting')).toHaveLength(4);
    expect(await times('EQ_bizStep=https://ref.gs1.org/cbv/BizStep-entering_exiting')).toEqual([]);
    expect(await times('EQ_action=ADD')).toEqual([]);
    expect(await times('EQ_action=OBSERVE&eventType=ObjectEvent')).toHaveLength(4);
    expect(await times('eventType=AggregationEvent')).toEqual([]);
  });

  it('pages with nextPageToken and a Link header', async () => {
    const s = await siteWithHistory();
    const first = await s.viewer.request('GET', '/api/epcis/events?perPage=3');
    expect(eventsOf(first)).toHaveLength(3);
    const link = String(first.headers.link);
    expect(link).toMatch(/^<\/api\/epcis\/events\?perPage=3&nextPageToken=[^>]+>; rel="next"$/);
    const next = await s.viewer.request('GET', link.slice(1, link.indexOf('>')));
    expect(next.statusCode).toBe(200);
    expect(eventsOf(next).map((e) => e.eventTime)).toEqual(['2024-05-03T09:00:00.000Z']);
    expect(next.headers.link).toBeUndefined();
  });

  it('pages the whole organization in event-time order across its sites', async () => {
    const s = await siteWithHistory();
    // Another pallet at the second site, between the first site's events.
    await postNative(app, s.yardReader, [{ tag: '3074257BF7194E4000001A86', time: '2024-05-01T12:00:00Z' }]);
    const times: unknown[] = [];
    let url = '/api/epcis/events?perPage=2';
    for (let page = 0; url && page < 5; page++) {
      const res = await s.viewer.request('GET', url);
      expect(res.statusCode).toBe(200);
      times.push(...eventsOf(res).map((e) => e.eventTime));
      const link = res.headers.link ? String(res.headers.link) : '';
      url = link.slice(1, link.indexOf('>'));
    }
    expect(times).toEqual([
      '2024-05-01T10:00:00.000Z',
      '2024-05-01T10:00:30.000Z',
      '2024-05-01T12:00:00.000Z',
      '2024-05-02T09:00:00.000Z',
      '2024-05-03T09:00:00.000Z',
    ]);
  });

  it('refuses bad parameters (400), answers no one signed out (401), another organization nothing', async () => {
    const s = await siteWithHistory();
    for (const query of [
      'GE_eventTime=yesterday',
      'perPage=0',
      'perPage=5000',
      'nextPageToken=bad',
      'EQ_action=MOVE',
      'eventType=Nope',
      // EPCIS parameters the query does not answer: refused, never ignored.
      'EQ_quantity=5',
      'MATCH_parentID=urn:epc:id:sscc:0614141.1234567890',
      'orderBy=eventTime',
    ]) {
      const res = await s.viewer.request('GET', `/api/epcis/events?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await anonymous(app).request('GET', '/api/epcis/events')).statusCode).toBe(401);
    const other = await trackedSite(app);
    const theirs = await other.viewer.request('GET', '/api/epcis/events');
    expect(eventsOf(theirs)).toEqual([]);
    expect((await other.viewer.request('GET', `/api/epcis/events?site=${s.site.id}`)).statusCode).toBe(404);
  });

  it('answers a site-limited API key its sites only', async () => {
    const s = await siteWithHistory();
    const key = await apiKey(s, [s.second.id]);
    const res = await key.request('GET', '/api/epcis/events');
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res).map((e) => e.eventTime)).toEqual(['2024-05-03T09:00:00.000Z']);
    expect((await key.request('GET', `/api/epcis/events?site=${s.site.id}`)).statusCode).toBe(404);
  });
});

describe('EPCIS sub-resources', () => {
  it('finds an event by its eventID, an EPC, a read point and a business location', async () => {
    const s = await siteWithHistory();
    const [first] = eventsOf(await s.viewer.request('GET', '/api/epcis/events?perPage=1'));
    const id = encodeURIComponent(String(first?.eventID));
    const one = await s.viewer.request('GET', `/api/epcis/events/${id}`);
    expect(one.statusCode).toBe(200);
    // GS1's REST binding: a query document holding the event.
    expect(epcisSchemaErrors(one.json())).toEqual([]);
    expect(eventsOf(one)).toEqual([first]);
    expect(
      (
        await s.viewer.request(
          'GET',
          `/api/epcis/events/${encodeURIComponent('ni:///sha-256;00?ver=CBV2.0')}`,
        )
      ).statusCode,
    ).toBe(404);
    const other = await trackedSite(app);
    expect((await other.viewer.request('GET', `/api/epcis/events/${id}`)).statusCode).toBe(404);
    expect((await anonymous(app).request('GET', `/api/epcis/events/${id}`)).statusCode).toBe(401);

    const times = async (url: string) => {
      const res = await s.viewer.request('GET', url);
      expect(res.statusCode).toBe(200);
      expect(epcisSchemaErrors(res.json())).toEqual([]);
      return eventsOf(res).map((e) => (e.eventTime as string).slice(0, 16));
    };
    expect(await times(`/api/epcis/epcs/${encodeURIComponent(SGTIN_URI)}/events`)).toHaveLength(3);
    expect(await times(`/api/epcis/readPoints/urn:sightline:endpoint:${s.dockReader.id}/events`)).toEqual([
      '2024-05-01T10:00',
      '2024-05-01T10:00',
    ]);
    expect(await times(`/api/epcis/bizLocations/urn:sightline:zone:${s.store}/events`)).toEqual([
      '2024-05-02T09:00',
    ]);
    expect((await s.viewer.request('GET', `/api/epcis/readPoints/x/events?perPage=0`)).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', '/api/epcis/bizLocations/x/events')).statusCode).toBe(401);
  });
  it("finds no worker's event by its eventID once the worker's site hides workers, as the query does", async () => {
    const s = await trackedSite(app);
    await makeThing(db, s.org.id, s.site.id, { tag: SGTIN, name: 'Dana', class: 'worker' });
    await postNative(app, s.dockReader, [{ tag: SGTIN, antenna: 1, time: '2024-05-01T10:00:00Z' }]);
    const [seen] = eventsOf(await s.viewer.request('GET', '/api/epcis/events'));
    const id = encodeURIComponent(String(seen?.eventID));
    expect((await s.viewer.request('GET', `/api/epcis/events/${id}`)).statusCode).toBe(200);
    await db
      .update(sites)
      .set({ settings: { hideWorkers: true } })
      .where(eq(sites.id, s.site.id));
    expect(eventsOf(await s.viewer.request('GET', '/api/epcis/events'))).toEqual([]);
    const hidden = await s.viewer.request('GET', `/api/epcis/events/${id}`);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('GET /api/epcis/document', () => {
  it('answers the filtered events as an EPCISDocument file valid by GS1 schema', async () => {
    const s = await siteWithHistory();
    const query = `site=${s.site.id}&EQ_readPoint=urn:sightline:endpoint:${s.dockReader.id}&perPage=1000`;
    const res = await s.viewer.request('GET', `/api/epcis/document?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="events.jsonld"');
    expect(epcisSchemaErrors(res.json())).toEqual([]);
    expect(res.json().type).toBe('EPCISDocument');
    expect(res.json().epcisBody.eventList).toHaveLength(2);
    expect((await s.viewer.request('GET', '/api/epcis/document?perPage=0')).statusCode).toBe(400);
    expect((await anonymous(app).request('GET', '/api/epcis/document')).statusCode).toBe(401);
    const other = await trackedSite(app);
    expect((await other.viewer.request('GET', `/api/epcis/document?site=${s.site.id}`)).statusCode).toBe(404);
  });
});
