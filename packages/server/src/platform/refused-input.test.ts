/**
 * Input PostgreSQL or the JSON writer cannot hold is a 400 naming the place, with nothing stored:
 * a lone UTF-16 surrogate in any string or key (body, query); arrays and objects nested too deep;
 * times outside years 0001–9999.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LONE_SURROGATE_MSG, TIME_RANGE_MSG, TOO_DEEP_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, makeTenant } from '../../test/factories.js';

const app = await makeApp();
/** A valid capture document (OpenEPCIS, Apache-2.0) with one extension field. */
const EPCIS_DOCUMENT = JSON.parse(
  readFileSync(
    path.join(
      import.meta.dirname,
      '../features/epcis/fixtures/openepcis/Capture/Documents/AggregationEvent.json',
    ),
    'utf8',
  ),
) as { epcisBody: { eventList: Record<string, unknown>[] } };
const epcisEvents = async (t: Awaited<ReturnType<typeof makeTenant>>) =>
  (await t.admin.request('GET', '/api/epcis/events?perPage=1000')).json().epcisBody.queryResults.resultsBody
    .eventList;

describe('lone UTF-16 surrogates', () => {
  it('refuses one in a site, an EPCIS extension field or a webhook field with a 400, storing nothing', async () => {
    const t = await makeTenant(app);
    const site = (await t.admin.request('GET', `/api/sites/${t.site.id}`)).json();
    const put = await t.admin.request('PUT', `/api/sites/${t.site.id}`, {
      ...site,
      alertSettings: { escalateAfterMinutes: 5, escalationEmails: ['\ud800@b.c'] },
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().errors).toEqual([
      { path: 'body.alertSettings.escalationEmails.0', message: LONE_SURROGATE_MSG },
    ]);
    expect((await t.admin.request('GET', `/api/sites/${t.site.id}`)).json()).toEqual(site);

    const doc = structuredClone(EPCIS_DOCUMENT);
    const [event] = doc.epcisBody.eventList;
    if (!event) throw new Error('the document has an event');
    event['example:myField'] = 'X\ud800Y';
    const capture = await t.admin.request('POST', '/api/epcis/capture', doc);
    expect(capture.statusCode, capture.body).toBe(400);
    expect(capture.json().message).toContain(LONE_SURROGATE_MSG);
    expect(await epcisEvents(t)).toEqual([]);

    const webhook = await t.admin.request('POST', '/api/webhooks', {
      targetUrl: 'https://example.com/hook',
      fields: [{ localField: 'customString', remoteFieldName: 'a', stringValue: '\ud800' }],
    });
    expect(webhook.statusCode, webhook.body).toBe(400);
    expect(webhook.json().message).toBe(`body.fields.0.stringValue: ${LONE_SURROGATE_MSG}`);
    expect((await t.admin.request('GET', '/api/webhooks')).json()).toEqual([]);
  });

  it('refuses a lone surrogate in a key, and keeps a paired one (body and query)', async () => {
    const t = await makeTenant(app);
    const key = await t.admin.request('POST', '/api/webhooks', {
      targetUrl: 'https://example.com/hook',
      '\udc00': 1,
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toContain(LONE_SURROGATE_MSG);
    const pairedBody = await t.admin.request('POST', '/api/webhooks', {
      targetUrl: 'https://example.com/hook',
      fields: [{ localField: 'customString', remoteFieldName: 'a', stringValue: '😀' }],
    });
    expect(pairedBody.statusCode, pairedBody.body).toBe(200);
    const paired = await t.admin.request(
      'GET',
      `/api/zones?site=${t.site.id}&search=${encodeURIComponent('😀')}`,
    );
    expect(paired.statusCode).toBe(200);
  });
});

describe('deep nesting', () => {
  const withField = (value: string) => {
    const doc = structuredClone(EPCIS_DOCUMENT);
    const [event] = doc.epcisBody.eventList;
    if (!event) throw new Error('the document has an event');
    event['example:myField'] = 'DEEP';
    return JSON.stringify(doc).replace('"DEEP"', value);
  };
  const json = { 'content-type': 'application/json' };

  it('refuses 20,000 levels of arrays or objects in an EPCIS capture with a 400, storing nothing', async () => {
    const t = await makeTenant(app);
    for (const deep of [
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      for (const payload of [withField(deep), deep]) {
        const res = await t.admin.request('POST', '/api/epcis/capture', payload, json);
        expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
        expect(res.json()).toEqual({
          message: `body: ${TOO_DEEP_MSG}`,
          errors: [{ path: 'body', message: TOO_DEEP_MSG }],
        });
      }
    }
    expect(await epcisEvents(t)).toEqual([]);
    // Nesting within the limit is captured.
    const shallow = `${'{"example:a":'.repeat(40)}1${'}'.repeat(40)}`;
    const ok = await t.admin.request('POST', '/api/epcis/capture', withField(shallow), json);
    expect(ok.statusCode, ok.body).toBe(202);
  });
});

describe('times outside years 0001 to 9999', () => {
  const YEAR_0 = '0000-01-01T00:00:00Z';

  it('refuses them in every time filter and a page token with a 400', async () => {
    const t = await makeTenant(app);
    const site = t.site.id;
    const token = Buffer.from('999999999999999.0.1').toString('base64url');
    for (const url of [
      `/api/epcis/events?GE_eventTime=${YEAR_0}`,
      `/api/epcis/events?LT_recordTime=${YEAR_0}`,
      `/api/epcis/events?LT_eventTime=${encodeURIComponent('0001-01-01T00:00:00+01:00')}`,
      `/api/epcis/events?nextPageToken=${token}`,
      `/api/events?site=${site}&after=${YEAR_0}`,
      `/api/exceptions?site=${site}&after=${YEAR_0}`,
      `/api/exceptions/export?site=${site}&before=${YEAR_0}`,
    ]) {
      const res = await t.admin.request('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      if (!url.includes('nextPageToken')) expect(res.json().message, url).toContain(TIME_RANGE_MSG);
    }
    const edge = await t.admin.request(
      'GET',
      '/api/epcis/events?GE_eventTime=0001-01-01T00:00:00Z&LT_eventTime=9999-12-31T23:59:59Z',
    );
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('refuses a site start date or an EPCIS event time in year 0000 with a 400, storing nothing', async () => {
    const t = await makeTenant(app);
    const site = (await t.admin.request('GET', `/api/sites/${t.site.id}`)).json();
    const put = await t.admin.request('PUT', `/api/sites/${t.site.id}`, { ...site, startDate: '0000-01-01' });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().errors).toEqual([{ path: 'body.startDate', message: TIME_RANGE_MSG }]);
    expect((await t.admin.request('GET', `/api/sites/${t.site.id}`)).json()).toEqual(site);

    const doc = structuredClone(EPCIS_DOCUMENT);
    const [event] = doc.epcisBody.eventList;
    if (!event) throw new Error('the document has an event');
    event.eventTime = YEAR_0;
    const capture = await t.admin.request('POST', '/api/epcis/capture', doc);
    expect(capture.statusCode, capture.body).toBe(400);
    expect(capture.json().errors).toEqual([
      {
        path: '/epcisBody/eventList/0/eventTime',
        message: `must be an RFC 3339 date-time with a timezone; ${TIME_RANGE_MSG}`,
      },
    ]);
    expect(await epcisEvents(t)).toEqual([]);
  });
});
