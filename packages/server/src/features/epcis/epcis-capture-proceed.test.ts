/**
 * `GS1-Capture-Error-Behaviour: proceed`: the valid events of a document are captured and the
 * others' errors are listed in the capture job; and the capture interface's discovery (OPTIONS).
 */
import { EPCIS_CAPTURE_EVENT_LIMIT, EPCIS_EVENT_ID_MAX, EPCIS_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, epcisDocumentOf, login, makeApp, makeUser } from '../../../test/factories.js';
import { epcisCaptures } from '../../db/schema.js';
import { EVENT_ID_CAPTURED } from './capture.js';
import { EPCIS_ERRORS_LISTED } from './schema.js';

const app = await makeApp();

const DOCK_SGLN = 'urn:epc:id:sgln:0614141.00001.0';
const ELSEWHERE = 'urn:epc:id:sgln:0614141.99999.0';
const PROCEED = { 'gs1-capture-error-behaviour': 'proceed' };

const event = (readPoint: string, epc: string, extra: Record<string, unknown> = {}) => ({
  type: 'ObjectEvent',
  eventTime: '2024-05-01T10:00:00.000Z',
  eventTimeZoneOffset: '+00:00',
  epcList: [epc],
  action: 'OBSERVE',
  readPoint: { id: readPoint },
  ...extra,
});

type Site = Awaited<ReturnType<typeof trackedSite>>;

async function withDockSgln(s: Site) {
  const endpoint = (await s.admin.request('GET', `/api/endpoints/${s.dockReader.id}`)).json() as object;
  const res = await s.admin.request('PUT', `/api/endpoints/${s.dockReader.id}`, {
    ...endpoint,
    epcisId: DOCK_SGLN,
  });
  expect(res.statusCode).toBe(200);
}

async function jobOf(client: Site['admin'], res: { headers: Record<string, unknown> }) {
  const job = await client.request('GET', String(res.headers.location));
  expect(job.statusCode).toBe(200);
  return job.json() as {
    success: boolean;
    running: boolean;
    captureErrorBehaviour: string;
    errors: unknown[];
  };
}

/** The EPCs of the events kept at the read point no endpoint is (not Sightline's own events). */
const keptEpcs = async (client: Site['admin']) =>
  (
    (
      await client.request(
        'GET',
        `/api/epcis/events?perPage=1000&EQ_readPoint=${encodeURIComponent(ELSEWHERE)}`,
      )
    ).json() as {
      epcisBody: { queryResults: { resultsBody: { eventList: { epcList?: string[] }[] } } };
    }
  ).epcisBody.queryResults.resultsBody.eventList.flatMap((e) => e.epcList ?? []);

const sightingsAt = async (s: Site) =>
  ((await s.admin.request('GET', `/api/events?site=${s.site.id}`)).json() as unknown[]).length;

const capturesOf = (orgId: string) =>
  app.ctx.db.select().from(epcisCaptures).where(eq(epcisCaptures.orgId, orgId));

describe('POST /api/epcis/capture with GS1-Capture-Error-Behaviour: proceed', () => {
  it('captures the valid events and lists the errors of the others in the capture job', async () => {
    const s = await trackedSite(app);
    await withDockSgln(s);
    const document = epcisDocumentOf([
      event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.1'),
      event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.2', { eventTime: 'yesterday' }),
      event(DOCK_SGLN, 'urn:epc:id:sgtin:0614141.812345.3'),
      event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.4', {
        eventID: `urn:uuid:${'x'.repeat(EPCIS_EVENT_ID_MAX)}`,
      }),
      null,
    ]);
    // The default refuses the whole document.
    const whole = await s.admin.request('POST', '/api/epcis/capture', document);
    expect(whole.statusCode).toBe(400);
    expect(await capturesOf(s.org.id)).toEqual([]);

    const res = await s.admin.request('POST', '/api/epcis/capture', document, PROCEED);
    expect(res.statusCode, res.body).toBe(202);
    const job = await jobOf(s.admin, res);
    expect(job).toMatchObject({ running: false, success: false, captureErrorBehaviour: 'proceed' });
    const paths = (job.errors as { path: string }[]).map((e) => e.path);
    expect(paths.some((p) => p.startsWith('/epcisBody/eventList/1/'))).toBe(true);
    expect(paths).toContain('/epcisBody/eventList/3/eventID');
    expect(paths.some((p) => p.startsWith('/epcisBody/eventList/4'))).toBe(true);
    expect(paths.every((p) => /^\/epcisBody\/eventList\/[134]/.test(p))).toBe(true);
    // Event 0 is kept for the query, event 2 became a sighting of the dock's reader.
    expect(await keptEpcs(s.admin)).toEqual(['urn:epc:id:sgtin:0614141.812345.1']);
    expect(await sightingsAt(s)).toBe(1);
  });

  it('answers success without errors when every event is valid, and says which behaviour it used', async () => {
    const s = await trackedSite(app);
    const proceed = await s.admin.request(
      'POST',
      '/api/epcis/capture',
      epcisDocumentOf([event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.10')]),
      PROCEED,
    );
    expect(await jobOf(s.admin, proceed)).toMatchObject({
      success: true,
      captureErrorBehaviour: 'proceed',
      errors: [],
    });
    const rollback = await s.admin.request(
      'POST',
      '/api/epcis/capture',
      epcisDocumentOf([event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.11')]),
    );
    expect(await jobOf(s.admin, rollback)).toMatchObject({
      success: true,
      captureErrorBehaviour: 'rollback',
    });
  });

  it("leaves out an event under another event's eventID, and still captures the rest", async () => {
    const s = await trackedSite(app);
    const first = event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.20', { eventID: 'urn:uuid:taken-1' });
    expect((await s.admin.request('POST', '/api/epcis/capture', epcisDocumentOf([first]))).statusCode).toBe(
      202,
    );
    const other = { ...first, epcList: ['urn:epc:id:sgtin:0614141.812345.21'] };
    const fresh = event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.22');
    const refused = await s.admin.request('POST', '/api/epcis/capture', epcisDocumentOf([other, fresh]));
    expect(refused.statusCode).toBe(409);
    const res = await s.admin.request('POST', '/api/epcis/capture', epcisDocumentOf([other, fresh]), PROCEED);
    expect(res.statusCode, res.body).toBe(202);
    expect((await jobOf(s.admin, res)).errors).toEqual([
      { path: '/epcisBody/eventList/0/eventID', message: EVENT_ID_CAPTURED },
    ]);
    expect((await keptEpcs(s.admin)).sort()).toEqual([
      'urn:epc:id:sgtin:0614141.812345.20',
      'urn:epc:id:sgtin:0614141.812345.22',
    ]);
  });

  it('lets a caller limited to some sites capture its sightings, leaving out what only all sites may keep', async () => {
    const s = await trackedSite(app);
    await withDockSgln(s);
    const limited = await login(
      app,
      (await makeUser(app, s.org.id, { role: 'admin', sites: [s.site.id] })).username,
    );
    const document = epcisDocumentOf([
      event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.30'),
      event(DOCK_SGLN, 'urn:epc:id:sgtin:0614141.812345.31'),
    ]);
    expect((await limited.request('POST', '/api/epcis/capture', document)).statusCode).toBe(403);
    const res = await limited.request('POST', '/api/epcis/capture', document, PROCEED);
    expect(res.statusCode, res.body).toBe(202);
    expect((await jobOf(limited, res)).errors).toEqual([
      { path: '/epcisBody/eventList/0', message: EPCIS_MSG.keptNeedsAllSites },
    ]);
    expect(await keptEpcs(s.admin)).toEqual([]);
    expect(await sightingsAt(s)).toBe(1);
  });

  it('still refuses whole what is wrong outside every event, a single event, and an unknown behaviour', async () => {
    const s = await trackedSite(app);
    const valid = event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.40');
    for (const [body, headers] of [
      [{ ...epcisDocumentOf([valid]), creationDate: 'now' }, PROCEED],
      [{ ...valid, eventTime: 'yesterday' }, PROCEED],
      [epcisDocumentOf([valid]), { 'gs1-capture-error-behaviour': 'all' }],
      [epcisDocumentOf([valid]), { 'gs1-capture-error-behaviour': 'greedy' }],
    ] as const) {
      const res = await s.admin.request('POST', '/api/epcis/capture', body, headers);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await capturesOf(s.org.id)).toEqual([]);
    expect(await keptEpcs(s.admin)).toEqual([]);
  });

  it('refuses a document of more events than the capture limit (413) before checking any', async () => {
    const s = await trackedSite(app);
    const document = epcisDocumentOf(Array(EPCIS_CAPTURE_EVENT_LIMIT + 1).fill({}));
    const started = performance.now();
    for (const headers of [{}, PROCEED]) {
      const res = await s.admin.request('POST', '/api/epcis/capture', document, headers);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: EPCIS_MSG.tooManyEvents });
    }
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await capturesOf(s.org.id)).toEqual([]);
  });

  it('answers a document of the most invalid events allowed within seconds, listing its first 1,000 errors', async () => {
    const s = await trackedSite(app);
    const document = epcisDocumentOf([
      event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.60'),
      ...Array(EPCIS_CAPTURE_EVENT_LIMIT - 1).fill(null),
    ]);
    let started = performance.now();
    const whole = await s.admin.request('POST', '/api/epcis/capture', document);
    // Checked as one document, ajv took 22 s for 20,000 nulls.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(whole.statusCode).toBe(400);
    const listed = (whole.json() as { errors: { path: string; message: string }[] }).errors;
    expect(listed).toHaveLength(EPCIS_ERRORS_LISTED);
    expect(listed[0]?.path).toBe('/epcisBody/eventList/1');
    expect(listed.at(-1)).toEqual({
      path: '',
      message: `and ${EPCIS_CAPTURE_EVENT_LIMIT - EPCIS_ERRORS_LISTED} more errors`,
    });

    started = performance.now();
    const res = await s.admin.request('POST', '/api/epcis/capture', document, PROCEED);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(res.statusCode, res.body).toBe(202);
    expect((await jobOf(s.admin, res)).errors).toHaveLength(EPCIS_ERRORS_LISTED);
    expect(await keptEpcs(s.admin)).toEqual(['urn:epc:id:sgtin:0614141.812345.60']);
  });

  it('needs a session or API key (401) and the right to create things (403), like rollback', async () => {
    const s = await trackedSite(app);
    const document = epcisDocumentOf([event(ELSEWHERE, 'urn:epc:id:sgtin:0614141.812345.50')]);
    expect((await anonymous(app).request('POST', '/api/epcis/capture', document, PROCEED)).statusCode).toBe(
      401,
    );
    expect((await s.viewer.request('POST', '/api/epcis/capture', document, PROCEED)).statusCode).toBe(403);
    expect(await capturesOf(s.org.id)).toEqual([]);
    // The job is read with the right that captures: a Viewer of the organization gets 403.
    const res = await s.admin.request('POST', '/api/epcis/capture', document, PROCEED);
    const location = String(res.headers.location);
    expect((await s.viewer.request('GET', location)).statusCode).toBe(403);
    expect((await anonymous(app).request('GET', location)).statusCode).toBe(401);
  });
});

describe('OPTIONS /api/epcis/capture', () => {
  it("answers GS1's discovery headers: versions, the size limit and both error behaviours", async () => {
    const s = await trackedSite(app);
    const res = await s.admin.request('OPTIONS', '/api/epcis/capture');
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      allow: 'OPTIONS, POST',
      'gs1-epcis-version': '2.0.0',
      'gs1-epcis-min': '2.0.0',
      'gs1-epcis-max': '2.0.0',
      'gs1-cbv-version': '2.0.0',
      'gs1-capture-error-behaviour': 'all',
      'gs1-epcis-capture-file-size-limit': '1048576',
    });
    expect(res.headers['gs1-epcis-capture-limit']).toBe(String(EPCIS_CAPTURE_EVENT_LIMIT));
    expect((await anonymous(app).request('OPTIONS', '/api/epcis/capture')).statusCode).toBe(401);
    expect((await s.viewer.request('OPTIONS', '/api/epcis/capture')).statusCode).toBe(403);
  });
});
