/**
 * EPCIS capture against OpenEPCIS's capture test documents (fixtures/openepcis, Apache-2.0):
 * the valid ones captured and found by the query, the invalid ones refused with nothing stored.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, makeApp } from '../../../test/factories.js';
import { epcisSchemaErrors } from './schema.js';

const app = await makeApp();
const dir = path.join(import.meta.dirname, 'fixtures', 'openepcis', 'Capture');
const documents = (folder: string) =>
  readdirSync(path.join(dir, folder))
    .filter((f) => f.endsWith('.json'))
    .map((file) => [file, JSON.parse(readFileSync(path.join(dir, folder, file), 'utf8'))] as const);

/**
 * Documents OpenEPCIS counts as valid that GS1's JSON schema (the version in gs1/) refuses: a
 * persistentDisposition on an AggregationEvent, and sensor report types missing or not in the
 * schema's list. Sightline validates by GS1's schema, so they are refused.
 */
const REFUSED_BY_GS1_SCHEMA = new Set([
  'AggregationEvent_with_persistentDisposition.json',
  'SensorData_with_combined_events.json',
  'TransactionEvent_with_userExtensions.json',
]);

/** A document, or a single event (Capture/Events). */
type Doc = { epcisBody?: { eventList: unknown[] } };
const eventsOf = (res: { json(): unknown }) =>
  (res.json() as { epcisBody: { queryResults: { resultsBody: { eventList: Record<string, unknown>[] } } } })
    .epcisBody.queryResults.resultsBody.eventList;

async function allEvents(client: Awaited<ReturnType<typeof trackedSite>>['admin']) {
  const res = await client.request('GET', '/api/epcis/events?perPage=1000');
  expect(res.statusCode).toBe(200);
  expect(epcisSchemaErrors(res.json())).toEqual([]);
  return eventsOf(res);
}

describe('POST /api/epcis/capture', () => {
  it('captures every valid document of OpenEPCIS (202, capture job, events found by the query)', async () => {
    const s = await trackedSite(app);
    let expected = 0;
    const valid = [...documents('Documents'), ...documents('Events')].filter(
      ([f]) => !REFUSED_BY_GS1_SCHEMA.has(f),
    );
    expect(valid.length).toBe(40);
    for (const [file, doc] of valid) {
      const res = await s.admin.request('POST', '/api/epcis/capture', doc);
      expect(res.statusCode, `${file}: ${res.body}`).toBe(202);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/api\/epcis\/capture\/[0-9a-f]{24}$/);
      const job = await s.admin.request('GET', location);
      expect(job.statusCode).toBe(200);
      expect(job.json()).toMatchObject({
        running: false,
        success: true,
        captureErrorBehaviour: 'rollback',
        errors: [],
      });
      expected += (doc as Doc).epcisBody?.eventList.length ?? 1;
      expect((await allEvents(s.admin)).length, file).toBe(expected);
    }
    // A captured event by its eventID, and through the filters.
    const [first] = await allEvents(s.admin);
    const one = await s.admin.request(
      'GET',
      `/api/epcis/events/${encodeURIComponent(String(first?.eventID))}`,
    );
    expect(one.statusCode).toBe(200);
    const aggregations = await s.admin.request(
      'GET',
      '/api/epcis/events?eventType=AggregationEvent&perPage=1000',
    );
    expect(eventsOf(aggregations).every((e) => e.type === 'AggregationEvent')).toBe(true);
    expect(eventsOf(aggregations).length).toBeGreaterThan(0);
  });

  it('refuses every invalid document of OpenEPCIS, and those GS1 schema refuses, with a 400 listing what is wrong', async () => {
    const s = await trackedSite(app);
    const invalid = [
      ...documents('Invalid'),
      ...documents('Documents').filter(([f]) => REFUSED_BY_GS1_SCHEMA.has(f)),
    ];
    expect(invalid.length).toBe(18);
    for (const [file, doc] of invalid) {
      const res = await s.admin.request('POST', '/api/epcis/capture', doc);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().errors.length, file).toBeGreaterThan(0);
      expect(res.json().errors[0]).toEqual({ path: expect.any(String), message: expect.any(String) });
    }
    expect(await allEvents(s.admin)).toEqual([]);
  });

  it('turns an OBSERVE ObjectEvent at an endpoint into a sighting of that endpoint', async () => {
    const s = await trackedSite(app);
    const endpoint = await s.admin.request('GET', `/api/endpoints/${s.dockReader.id}`);
    const put = await s.admin.request('PUT', `/api/endpoints/${s.dockReader.id}`, {
      ...(endpoint.json() as object),
      epcisId: 'urn:epc:id:sgln:0614141.00001.0',
    });
    expect(put.statusCode, put.body).toBe(200);
    await s.admin.request('POST', '/api/things', {
      name: 'Pallet',
      site: s.site.id,
      tag1: '3074257BF7194E4000001A85',
    });
    const doc = {
      '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2024-05-01T10:00:00Z',
      epcisBody: {
        eventList: [
          {
            type: 'ObjectEvent',
            eventTime: '2024-05-01T10:00:00.000Z',
            eventTimeZoneOffset: '+00:00',
            epcList: ['urn:epc:id:sgtin:0614141.812345.6789'],
            action: 'OBSERVE',
            readPoint: { id: 'urn:epc:id:sgln:0614141.00001.0' },
          },
        ],
      },
    };
    const res = await s.admin.request('POST', '/api/epcis/capture', doc, {
      'content-type': 'application/ld+json',
    });
    expect(res.statusCode, res.body).toBe(202);
    const events = await s.admin.request('GET', `/api/events?site=${s.site.id}`);
    expect(events.json()).toMatchObject([
      {
        tag: '3074257BF7194E4000001A85',
        zone: s.dock,
        endpoint: s.dockReader.id,
        time: '2024-05-01T10:00:00.000Z',
      },
    ]);
    // It is answered as Sightline's own event, at the endpoint's EPCIS id.
    const [answered] = await allEvents(s.admin);
    expect(answered).toMatchObject({
      readPoint: { id: 'urn:epc:id:sgln:0614141.00001.0' },
      bizLocation: { id: `urn:sightline:zone:${s.dock}` },
    });
  });

  it('needs a session or API key (401) and the right to create things (403); another organization sees nothing (404)', async () => {
    const s = await trackedSite(app);
    const [, doc] = documents('Events')[0] ?? ['', {}];
    expect((await anonymous(app).request('POST', '/api/epcis/capture', doc)).statusCode).toBe(401);
    const viewer = await s.viewer.request('POST', '/api/epcis/capture', doc);
    expect(viewer.statusCode).toBe(403);
    expect(await allEvents(s.admin)).toEqual([]);
    const res = await s.admin.request('POST', '/api/epcis/capture', doc);
    const location = String(res.headers.location);
    const other = await trackedSite(app);
    expect((await other.admin.request('GET', location)).statusCode).toBe(404);
    expect(await allEvents(other.admin)).toEqual([]);
    expect((await anonymous(app).request('GET', location)).statusCode).toBe(401);
    expect((await s.admin.request('GET', '/api/epcis/capture/nope')).statusCode).toBe(404);
  });
});
