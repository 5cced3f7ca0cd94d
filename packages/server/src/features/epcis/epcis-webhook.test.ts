/**
 * Webhooks of format `epcis` against a real HTTP receiver on loopback: a reader's sightings are
 * delivered as an EPCISDocument valid by GS1's schema, whose ObjectEvent is the one the query
 * answers (same eventID); zone changes send the event that moved the thing; 'Send test' sends a
 * valid sample; the format is refused for the changes that are not sightings.
 */
import { WEBHOOK_MSG } from '@sightline/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { postNative, trackedSite } from '../../../test/factories/ingest.factory.js';
import { anonymous, makeApp, makeTenant, makeThing, makeWebhook } from '../../../test/factories.js';
import { startReceiver, until } from '../../../test/webhook-receiver.js';
import { epcisSchemaErrors } from './schema.js';

const app = await makeApp({
  queue: true,
  webhookAllowPrivate: true,
  webhookTimeoutMs: 2000,
  queuePollSeconds: 0.5,
});
const receiver = await startReceiver();
afterAll(() => receiver.close());

const SGTIN_HEX = '3074257BF7194E4000001A85';
const SGTIN_URI = 'urn:epc:id:sgtin:0614141.812345.6789';

type Document = { type: string; epcisBody: { eventList: Record<string, unknown>[] } };
/** A received body as the EPCISDocument it is (a missing one as an empty document). */
const documentIn = (received: { body: unknown } | undefined) =>
  (received?.body ?? { type: '', epcisBody: { eventList: [] } }) as Document;

describe('webhooks of format epcis', () => {
  it('delivers sightings as an EPCISDocument valid by GS1 schema, with the events the query answers', async () => {
    const s = await trackedSite(app);
    await makeThing(app.ctx.db, s.org.id, s.site.id, { tag: SGTIN_HEX, name: 'Pallet' });
    await makeWebhook(app.ctx.db, s.org.id, {
      event: 'seen',
      format: 'epcis',
      targetUrl: receiver.url('/epcis-seen'),
    });
    await makeWebhook(app.ctx.db, s.org.id, {
      event: 'zoneChange',
      format: 'epcis',
      targetUrl: receiver.url('/epcis-zone'),
    });
    // A filter still chooses what is sent: only things with a tag beginning with 30 (an SGTIN-96).
    await makeWebhook(app.ctx.db, s.org.id, {
      event: 'seen',
      format: 'epcis',
      targetUrl: receiver.url('/epcis-filtered'),
      fields: [{ localField: 'tags', remoteFieldName: 'tags', filterPrefix: '30' }],
    });
    const time = '2026-03-02T09:00:00.000Z';
    const res = await postNative(app, s.dockReader, [
      { tag: SGTIN_HEX, antenna: 1, time },
      { tag: 'E28011606000020000000001', antenna: 1, time },
    ]);
    expect(res.statusCode, res.body).toBeLessThan(300);

    const [seen] = await until(
      async () => receiver.on('/epcis-seen').length > 0 && receiver.on('/epcis-seen'),
    );
    const document = documentIn(seen);
    expect(epcisSchemaErrors(document)).toEqual([]);
    expect(document.type).toBe('EPCISDocument');
    expect(seen?.headers['x-sightline-event']).toBe('seen');
    expect(seen?.headers['content-type']).toBe('application/ld+json');
    const delivered = document.epcisBody.eventList;
    expect(delivered).toHaveLength(2);
    expect(delivered.map((e) => e.epcList)).toEqual(
      expect.arrayContaining([[SGTIN_URI], [expect.stringMatching(/^urn:epc:/)]]),
    );
    expect(delivered[0]).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      eventTime: time,
      readPoint: { id: `urn:sightline:endpoint:${s.dockReader.id}` },
      bizLocation: { id: `urn:sightline:zone:${s.dock}` },
    });
    // The same events, the same eventIDs, as the query answers them.
    const query = await s.admin.request('GET', '/api/epcis/events?perPage=100');
    const answered = (
      query.json() as { epcisBody: { queryResults: { resultsBody: { eventList: unknown[] } } } }
    ).epcisBody.queryResults.resultsBody.eventList as Record<string, unknown>[];
    expect(new Set(delivered.map((e) => e.eventID))).toEqual(new Set(answered.map((e) => e.eventID)));

    // Each thing entering the Dock: the event that moved it.
    const zone = await until(async () => receiver.on('/epcis-zone').length > 0 && receiver.on('/epcis-zone'));
    const moved = zone.flatMap((r) => documentIn(r).epcisBody.eventList);
    for (const r of zone) expect(epcisSchemaErrors(r.body)).toEqual([]);
    expect(moved.map((e) => e.epcList)).toContainEqual([SGTIN_URI]);

    // The filtered webhook: only the pallet passes (the other tag is no thing's).
    const [filtered] = await until(
      async () => receiver.on('/epcis-filtered').length > 0 && receiver.on('/epcis-filtered'),
    );
    const only = documentIn(filtered).epcisBody.eventList;
    expect(only).toHaveLength(1);
    expect(only[0]?.epcList).toEqual([SGTIN_URI]);
  });

  it("'Send test' posts a sample EPCISDocument valid by GS1 schema", async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request('POST', '/api/webhooks', {
      event: 'seen',
      format: 'epcis',
      targetUrl: receiver.url('/epcis-test'),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().format).toBe('epcis');
    const res = await t.admin.request('POST', `/api/webhooks/${created.json().id}/test`);
    expect(res.json()).toMatchObject({ event: 'test', state: 'delivered', status: 200 });
    const [got] = receiver.on('/epcis-test');
    expect(epcisSchemaErrors(got?.body)).toEqual([]);
    expect(documentIn(got).epcisBody.eventList[0]?.epcList).toEqual([SGTIN_URI]);
  });

  it('refuses the format for changes that are not sightings (400, nothing stored); 401, 403, 404', async () => {
    const t = await makeTenant(app);
    const target = receiver.url('/never');
    for (const event of ['created', 'updated', 'deleted']) {
      const res = await t.admin.request('POST', '/api/webhooks', {
        event,
        format: 'epcis',
        targetUrl: target,
      });
      expect(res.statusCode, event).toBe(400);
      expect(res.json().message).toContain(WEBHOOK_MSG.epcisEvents);
    }
    expect((await t.admin.request('GET', '/api/webhooks')).json()).toEqual([]);
    const body = { event: 'zoneChange', format: 'epcis', targetUrl: target };
    expect((await anonymous(app).request('POST', '/api/webhooks', body)).statusCode).toBe(401);
    expect((await t.viewer.request('POST', '/api/webhooks', body)).statusCode).toBe(403);
    const created = await t.admin.request('POST', '/api/webhooks', body);
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    // A change of event that the format does not allow is refused, and the webhook kept as it was.
    const put = await t.admin.request('PUT', `/api/webhooks/${id}`, { ...body, event: 'created' });
    expect(put.statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/webhooks/${id}`)).json()).toMatchObject(body);
    const other = await makeTenant(app);
    expect((await other.admin.request('GET', `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await other.admin.request('PUT', `/api/webhooks/${id}`, body)).statusCode).toBe(404);
  });
});
