/**
 * An endpoint's `connection`: push by default; LLRP and Impinj stream settings with a write-only
 * password; private hosts allowed, loopback and link-local refused (unless READER_ALLOW_LOOPBACK);
 * the live state of the connection in every answer; GET's answer taken back by PUT.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeEndpoint, makeTenant } from '../../../test/factories.js';
import { endpoints, readerConnections } from '../../db/schema.js';

// The production default: loopback refused.
const app = await makeApp({ readerAllowLoopback: false });
const { db } = app.ctx;

const llrp = { mode: 'llrp', host: '10.20.0.15', port: 5084, username: '', password: 'secret', tls: false };
const bodyOf = (siteId: string, connection?: unknown) => ({
  name: 'Dock door',
  site: siteId,
  ...(connection === undefined ? {} : { connection }),
});
const stored = async (id: string) =>
  (
    await db
      .select({ c: endpoints.connection, p: endpoints.connectionPassword })
      .from(endpoints)
      .where(eq(endpoints.id, id))
  )[0];

const NO_STATE = { since: null, error: null, reportsReceived: 0, reconnects: 0, antennas: {} };

describe('endpoint connection', () => {
  it('is push by default, and nothing about a password is ever answered', async () => {
    const t = await makeTenant(app);
    const res = await t.manager.request('POST', '/api/endpoints', bodyOf(t.site.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toEqual({
      mode: 'push',
      host: '',
      port: null,
      username: '',
      tls: false,
      hasPassword: false,
      ...NO_STATE,
    });
  });

  it('stores LLRP settings with a write-only password; PUT takes GET back and keeps the password', async () => {
    const t = await makeTenant(app);
    const res = await t.manager.request('POST', '/api/endpoints', bodyOf(t.site.id, llrp));
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created.connection).toEqual({
      mode: 'llrp',
      host: '10.20.0.15',
      port: 5084,
      username: '',
      tls: false,
      hasPassword: true,
      ...NO_STATE,
    });
    expect(JSON.stringify(created)).not.toContain('secret');
    expect((await stored(created._id))?.p).toBe('secret');

    const got = (await t.manager.request('GET', `/api/endpoints/${created._id}`)).json();
    const back = await t.manager.request('PUT', `/api/endpoints/${created._id}`, got);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual(got);
    expect((await stored(created._id))?.p).toBe('secret');

    // Impinj stream over TLS with a user; '' clears the password.
    const stream = {
      mode: 'impinj-stream',
      host: 'r700-dock.local',
      port: null,
      username: 'root',
      password: '',
      tls: true,
    };
    const changed = await t.manager.request('PUT', `/api/endpoints/${created._id}`, {
      ...got,
      connection: stream,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().connection).toMatchObject({
      mode: 'impinj-stream',
      host: 'r700-dock.local',
      username: 'root',
      tls: true,
      hasPassword: false,
    });
    expect((await stored(created._id))?.p).toBe('');

    // Back to push: the settings go.
    const push = await t.manager.request('PUT', `/api/endpoints/${created._id}`, {
      ...got,
      connection: { mode: 'push', host: 'x' },
    });
    expect(push.json().connection).toMatchObject({ mode: 'push', host: '', port: null });
  });

  it('answers the live state of the connection', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(db, t.org.id, t.site.id);
    await db
      .update(endpoints)
      .set({ connection: { mode: 'llrp', host: '10.0.0.9' } })
      .where(eq(endpoints.id, e.id));
    const since = new Date('2026-11-27T10:00:00.000Z');
    await db.insert(readerConnections).values({
      endpointId: e.id,
      holder: 'instance-a',
      leaseExpiresAt: new Date(Date.now() + 60_000),
      state: 'error',
      since,
      error: 'the reader refused the connection: another client is connected to it',
      reportsReceived: 42,
      reconnects: 3,
      antennas: { '2': false },
    });
    const one = (await t.viewer.request('GET', `/api/endpoints/${e.id}`)).json();
    expect(one.connection).toEqual({
      mode: 'llrp',
      host: '10.0.0.9',
      port: null,
      username: '',
      tls: false,
      hasPassword: false,
      state: 'error',
      since: '2026-11-27T10:00:00.000Z',
      error: 'the reader refused the connection: another client is connected to it',
      reportsReceived: 42,
      reconnects: 3,
      antennas: { '2': false },
    });
    const list = (await t.viewer.request('GET', `/api/endpoints?site=${t.site.id}`)).json();
    expect(list.find((x: { _id: string }) => x._id === e.id).connection.state).toBe('error');
  });

  it.each([
    [{ mode: 'llrp' }, 'body.connection.host: host is required when Sightline connects to the reader'],
    [{ ...llrp, host: 'not a host' }, 'body.connection.host: must be a host name or an IP address'],
    [{ ...llrp, host: '...' }, 'body.connection.host: must be a host name or an IP address'],
    [{ ...llrp, host: ':::' }, 'body.connection.host: must be a host name or an IP address'],
    [{ ...llrp, host: '1::2::3' }, 'body.connection.host: must be a host name or an IP address'],
    [{ ...llrp, port: 70000 }, 'body.connection.port: must be a whole number from 1 to 65535'],
    [{ ...llrp, mode: 'telnet' }, undefined],
    [{ ...llrp, proxy: 'x' }, 'body.connection.proxy: is not a field this request takes'],
    [
      { ...llrp, host: '127.0.0.1' },
      'connection.host: loopback and link-local addresses are refused (READER_ALLOW_LOOPBACK=true allows them)',
    ],
    [
      { ...llrp, host: 'localhost' },
      'connection.host: loopback and link-local addresses are refused (READER_ALLOW_LOOPBACK=true allows them)',
    ],
    [
      { ...llrp, host: '169.254.169.254' },
      'connection.host: loopback and link-local addresses are refused (READER_ALLOW_LOOPBACK=true allows them)',
    ],
    [
      { ...llrp, host: '::ffff:127.0.0.1' },
      'connection.host: loopback and link-local addresses are refused (READER_ALLOW_LOOPBACK=true allows them)',
    ],
  ])('refuses %j (400, nothing stored)', async (connection, message) => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(db, t.org.id, t.site.id);
    const before = await stored(e.id);
    const res = await t.manager.request('PUT', `/api/endpoints/${e.id}`, bodyOf(t.site.id, connection));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await stored(e.id)).toEqual(before);
    const created = await t.manager.request('POST', '/api/endpoints', bodyOf(t.site.id, connection));
    expect(created.statusCode).toBe(400);
  });

  it('allows private networks of every kind', async () => {
    const t = await makeTenant(app);
    for (const host of ['192.168.1.20', '172.16.4.4', '10.1.2.3', 'fd00::20', 'speedway-12-34-56']) {
      const res = await t.manager.request('POST', '/api/endpoints', bodyOf(t.site.id, { ...llrp, host }));
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('401 without a session, 403 without modify on endpoints, 404 for another organization', async () => {
    const t = await makeTenant(app);
    const e = await makeEndpoint(db, t.org.id, t.site.id);
    const before = await stored(e.id);
    const body = bodyOf(t.site.id, llrp);
    expect((await anonymous(app).request('PUT', `/api/endpoints/${e.id}`, body)).statusCode).toBe(401);
    for (const client of [t.operator, t.viewer]) {
      expect((await client.request('PUT', `/api/endpoints/${e.id}`, body)).statusCode).toBe(403);
      expect((await client.request('POST', '/api/endpoints', body)).statusCode).toBe(403);
    }
    const other = await makeTenant(app);
    expect(
      (await other.admin.request('PUT', `/api/endpoints/${e.id}`, bodyOf(other.site.id, llrp))).statusCode,
    ).toBe(404);
    expect(await stored(e.id)).toEqual(before);
  });
});

describe('READER_ALLOW_LOOPBACK=true', async () => {
  const open = await makeApp({ readerAllowLoopback: true });
  it('takes a loopback reader (tests, the simulator)', async () => {
    const t = await makeTenant(open);
    const res = await t.manager.request(
      'POST',
      '/api/endpoints',
      bodyOf(t.site.id, { ...llrp, host: '127.0.0.1', port: 15084 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toMatchObject({ host: '127.0.0.1', port: 15084 });
  });
});
