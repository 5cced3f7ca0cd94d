/**
 * Acknowledge and resolve see exceptions as reads do: another site's or organization's is a 404 of
 * one shape, one about hidden workers only (a site that hides workers) is a 404 for the whole
 * request with nothing changed, the answers mask workers as lists do, and the live message goes
 * out only once the change committed.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteWithExceptions } from '../../../test/factories/exception.factory.js';
import { login, makeApp, makeSite, makeUser } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { exceptions, sites } from '../../db/schema.js';
import type { LiveMessage } from '../../platform/live.js';
import { workerPseudonym } from '../privacy/pseudonyms.js';

const app = await makeApp();
type World = Awaited<ReturnType<typeof siteWithExceptions>>;
const stateOf = async (s: World, id: string) =>
  (await s.admin.request('GET', `/api/exceptions/${id}`)).json();
const setSite = (s: World, settings: Record<string, unknown>) =>
  app.ctx.db.update(sites).set({ settings }).where(eq(sites.id, s.site.id));

function liveTap(orgId: string) {
  const seen: LiveMessage[] = [];
  const stop = app.ctx.live.subscribe((m) => {
    if (m.orgId === orgId && m.type === 'exception') seen.push(m);
  });
  return { seen, stop };
}

describe('exceptions a caller may not see', () => {
  it('another site of the organization: the same 404 body as another organization, on every route', async () => {
    const s = await siteWithExceptions(app);
    const otherSite = await makeSite(app, s.org.id);
    const user = await makeUser(app, s.org.id, { role: 'manager', sites: [otherSite.id] });
    const limited = await login(app, user.username, undefined, user.id);
    const other = await siteWithExceptions(app);
    for (const [method, url, body] of [
      ['GET', `/api/exceptions/${s.shortage}`, undefined],
      ['POST', `/api/exceptions/${s.shortage}/acknowledge`, { note: 'x' }],
      ['POST', `/api/exceptions/${s.shortage}/resolve`, {}],
      ['POST', '/api/exceptions/acknowledge', { ids: [s.shortage] }],
      ['POST', '/api/exceptions/resolve', { ids: [s.shortage] }],
    ] as const) {
      const res = await limited.request(method, url, body);
      const foreign = await other.manager.request(method, url, body);
      expect([res.statusCode, foreign.statusCode], `${method} ${url}`).toEqual([404, 404]);
      expect(res.json()).toEqual({ message: 'Exception not found' });
      expect(foreign.json()).toEqual(res.json());
    }
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open', notes: [] });
  });

  it('about hidden workers only: 404 for one and for a whole bulk request; nothing changes, nothing is published', async () => {
    const s = await siteWithExceptions(app);
    await setSite(s, { hideWorkers: true });
    const tap = liveTap(s.org.id);
    // wrongZone is about the worker Crate only.
    const one = await s.manager.request('POST', `/api/exceptions/${s.wrongZone}/acknowledge`, { note: 'x' });
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ message: 'Exception not found' });
    for (const url of ['/api/exceptions/acknowledge', '/api/exceptions/resolve']) {
      const bulk = await s.manager.request('POST', url, { ids: [s.shortage, s.wrongZone], note: 'x' });
      expect(bulk.statusCode, url).toBe(404);
      expect(bulk.json()).toEqual({ message: 'Exception not found' });
    }
    tap.stop();
    expect(tap.seen).toEqual([]);
    await setSite(s, {});
    expect(await stateOf(s, s.shortage)).toMatchObject({ state: 'open', notes: [] });
    expect(await stateOf(s, s.wrongZone)).toMatchObject({ state: 'open', notes: [] });
  });
});

describe('bulk answers are presented as reads present them', () => {
  it('without the workers among their things where the site hides them', async () => {
    const s = await siteWithExceptions(app);
    await app.ctx.db
      .update(exceptions)
      .set({ multipleThings: [s.box, s.crate] })
      .where(eq(exceptions.id, s.shortage));
    await setSite(s, { hideWorkers: true });
    const res = await s.manager.request('POST', '/api/exceptions/acknowledge', { ids: [s.shortage] });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].multipleThings).toEqual([s.box]);
    expect(JSON.stringify(res.json())).not.toContain('Crate');
    const resolved = await s.manager.request('POST', '/api/exceptions/resolve', { ids: [s.shortage] });
    expect(resolved.json()[0].multipleThings).toEqual([s.box]);
  });

  it('a pseudonymous worker by its pseudonym, for a caller without identify, in the answer and its audit row', async () => {
    const s = await siteWithExceptions(app);
    await setSite(s, { pseudonymizeWorkers: true });
    const pseudonym = workerPseudonym(s.crate);
    for (const url of ['/api/exceptions/acknowledge', '/api/exceptions/resolve']) {
      const res = await s.manager.request('POST', url, { ids: [s.wrongZone] });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()[0]).toMatchObject({ thingName: pseudonym });
      expect(JSON.stringify(res.json())).not.toContain('Crate');
    }
    const audit = await rows<{ changes: { alert: string } }>(
      app.ctx.db,
      sql`SELECT changes FROM audit_rows WHERE org_id = ${s.org.id} AND resource = 'exceptions' ORDER BY id`,
    );
    expect(audit.map((a) => a.changes.alert)).toEqual([
      `Inventory overage alert for ${pseudonym} in Store`,
      `Inventory overage alert for ${pseudonym} in Store`,
    ]);
    // An Admin identifies workers: the name.
    const admin = await s.admin.request('GET', `/api/exceptions/${s.wrongZone}`);
    expect(admin.json().thingName).toBe('=Crate');
  });
});

describe('live messages of a state change', () => {
  it('go out after the COMMIT: a subscriber reading the row from another connection sees the change', async () => {
    const s = await siteWithExceptions(app);
    const seenState: Promise<string | undefined>[] = [];
    const stop = app.ctx.live.subscribe((m) => {
      if (m.orgId !== s.org.id || m.type !== 'exception') return;
      // Outside the request: the database itself, as another reader of the stream would see it.
      seenState.push(
        rows<{ state: string }>(
          app.ctx.database.db,
          sql`SELECT state FROM exceptions WHERE id = ${s.shortage}`,
        ).then((r) => r[0]?.state),
      );
    });
    const res = await s.manager.request('POST', `/api/exceptions/${s.shortage}/acknowledge`);
    expect(res.statusCode).toBe(200);
    stop();
    expect(await Promise.all(seenState)).toEqual(['acknowledged']);
  });
});
