/**
 * The bodies the outbox queues with no field mapping (every local field under its own name), pinned:
 * a thing created through the API and a zone change from a manual move (the tracking engine).
 * A delivery sends its stored jsonb as is, so these values are what a receiver reads.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, makeCategory, makeTenant, makeWebhook, makeZone } from '../../../test/factories.js';
import { rows } from '../../db/client.js';

const app = await makeApp();

async function payloads(hookId: string) {
  const found = await rows<{ payload: Record<string, unknown> }>(
    app.ctx.db,
    sql`SELECT payload FROM webhook_deliveries WHERE webhook_id = ${hookId} ORDER BY id`,
  );
  return found.map((r) => r.payload);
}

describe('webhook bodies without a mapping', () => {
  it('sends a created thing and its zone change with every local field', async () => {
    const t = await makeTenant(app);
    const created = await makeWebhook(app.ctx.db, t.org.id, { event: 'created' });
    const moved = await makeWebhook(app.ctx.db, t.org.id, { event: 'zoneChange' });
    const zone = await makeZone(app.ctx.db, t.org.id, t.site.id, { name: 'Dock' });
    const b = await makeCategory(app.ctx.db, t.org.id, { name: 'Bravo' });
    const a = await makeCategory(app.ctx.db, t.org.id, { name: 'Alpha' });
    const res = await t.admin.request('POST', '/api/things', {
      site: t.site.id,
      name: 'Pallet "7"',
      serial: 'SN-1',
      class: 'worker',
      tag1: 'AA01',
      tags: ['BB02', 'AA01'],
      categories: [b.id, a.id],
      labels: ['fragile'],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json()._id as string;
    const [body] = await payloads(created.id);
    expect(body).toEqual({
      event: 'created',
      _id: id,
      name: 'Pallet "7"',
      serial: 'SN-1',
      class: 'worker',
      tags: ['AA01', 'BB02'],
      categoryNames: ['Alpha', 'Bravo'],
      labels: ['fragile'],
      tag: null,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      zone: null,
      zoneName: null,
      endpoint: null,
      endpointName: null,
      direction: null,
      antenna: null,
    });

    expect((await t.admin.request('POST', '/api/event', { tag: 'AA01', zone: zone.id })).statusCode).toBe(
      200,
    );
    const [change] = await payloads(moved.id);
    expect(change).toEqual({
      ...body,
      event: 'zoneChange',
      time: expect.any(String),
      zone: zone.id,
      zoneName: 'Dock',
    });
  });
});
