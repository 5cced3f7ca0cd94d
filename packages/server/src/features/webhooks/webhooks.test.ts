import { WEBHOOK_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makeSite,
  makeTenant,
  makeUser,
  makeWebhook,
} from '../../../test/factories.js';

const app = await makeApp();
const PUBLIC = 'https://93.184.215.14/hook';
let tenant: ReturnType<typeof makeTenant> | undefined;
/** One tenant for the many refusals (each leaves nothing behind, which they check). */
const sharedTenant = () => (tenant ??= makeTenant(app));

const valid = {
  event: 'zoneChange',
  targetUrl: PUBLIC,
  requestHeaders: { Authorization: 'Bearer abc', 'X-Team': 'ops' },
  fields: [
    { localField: 'name', remoteFieldName: 'assetName' },
    { localField: 'tags', remoteFieldName: 'epcs', filterPrefix: 'E280' },
    { localField: 'customString', remoteFieldName: 'source', stringValue: 'sightline' },
  ],
};

describe('webhooks CRUD', () => {
  it('creates (secret shown once), reads, lists, updates, rotates and deletes', async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request('POST', '/api/webhooks', valid);
    expect(created.statusCode).toBe(200);
    const hook = created.json();
    expect(hook.secret).toMatch(/^whsec_/);
    expect(hook).toMatchObject({ event: 'zoneChange', format: 'json', targetUrl: PUBLIC });
    expect(hook.fields[1]).toMatchObject({ localField: 'tags', filterPrefix: 'E280', invertFilters: false });

    const read = await t.admin.request('GET', `/api/webhooks/${hook.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().secret).toBeUndefined();
    expect(read.json().requestHeaders).toEqual(valid.requestHeaders);

    await t.admin.request('POST', '/api/webhooks', { targetUrl: PUBLIC });
    const list = await t.admin.request('GET', '/api/webhooks?sort=-event');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((w: { event: string }) => w.event)).toEqual(['zoneChange', 'seen']);
    const filtered = await t.admin.request('GET', '/api/webhooks?event=seen');
    expect(filtered.json()).toHaveLength(1);

    const current = read.json() as Record<string, unknown>;
    const updated = await t.admin.request('PUT', `/api/webhooks/${hook.id}`, {
      ...current,
      event: 'deleted',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ event: 'deleted', targetUrl: PUBLIC });

    const rotated = await t.admin.request('POST', `/api/webhooks/${hook.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(hook.secret);

    const deliveries = await t.admin.request('GET', `/api/webhooks/${hook.id}/deliveries`);
    expect(deliveries.statusCode).toBe(200);
    expect(deliveries.json()).toEqual([]);

    expect((await t.admin.request('DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/webhooks/${hook.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['no target URL', { event: 'seen' }, 'targetUrl'],
    ['a non-http URL', { targetUrl: 'ftp://93.184.215.14/x' }, WEBHOOK_MSG.targetUrlInvalid],
    ['credentials in the URL', { targetUrl: 'https://u:p@93.184.215.14/x' }, WEBHOOK_MSG.targetUrlInvalid],
    ['an unknown event', { targetUrl: PUBLIC, event: 'moved' }, WEBHOOK_MSG.eventRequired],
    // The secret is made by the server (and rotated): a body carrying one is refused, not ignored.
    [
      'a secret',
      { targetUrl: PUBLIC, secret: 'whsec_AAAA' },
      'body.secret: is not a field this request takes',
    ],
    [
      'customString without a value',
      { targetUrl: PUBLIC, fields: [{ localField: 'customString', remoteFieldName: 'x' }] },
      WEBHOOK_MSG.stringValueRequired,
    ],
    [
      'a filter on a non-list field',
      { targetUrl: PUBLIC, fields: [{ localField: 'name', remoteFieldName: 'x', filterPrefix: 'A' }] },
      WEBHOOK_MSG.filtersNotAllowed,
    ],
    [
      'no remote field name',
      { targetUrl: PUBLIC, fields: [{ localField: 'name', remoteFieldName: ' ' }] },
      WEBHOOK_MSG.remoteFieldRequired,
    ],
    [
      'an unknown local field',
      { targetUrl: PUBLIC, fields: [{ localField: 'password', remoteFieldName: 'x' }] },
      WEBHOOK_MSG.localFieldRequired,
    ],
    [
      'a bad regex',
      { targetUrl: PUBLIC, fields: [{ localField: 'tags', remoteFieldName: 'x', filterRegex: '(' }] },
      WEBHOOK_MSG.regexInvalid,
    ],
    [
      'a CR/LF in a header value',
      { targetUrl: PUBLIC, requestHeaders: { 'X-A': 'a\r\nX-B: b' } },
      WEBHOOK_MSG.headerValueInvalid,
    ],
    [
      'a bad header name',
      { targetUrl: PUBLIC, requestHeaders: { 'X A': 'a' } },
      WEBHOOK_MSG.headerNameInvalid,
    ],
    [
      'a non-ASCII header value',
      { targetUrl: PUBLIC, requestHeaders: { 'X-A': 'caf\u00e9' } },
      WEBHOOK_MSG.headerValueInvalid,
    ],
    [
      'a header value outside Latin-1',
      { targetUrl: PUBLIC, requestHeaders: { 'X-A': 'ok \u2713' } },
      WEBHOOK_MSG.headerValueInvalid,
    ],
    [
      'a DEL in a header value',
      { targetUrl: PUBLIC, requestHeaders: { 'X-A': 'a\u007f' } },
      WEBHOOK_MSG.headerValueInvalid,
    ],
    [
      'a non-ASCII header name',
      { targetUrl: PUBLIC, requestHeaders: { 'X-\u00c4': 'a' } },
      WEBHOOK_MSG.headerNameInvalid,
    ],
    [
      'an empty header name',
      { targetUrl: PUBLIC, requestHeaders: { '': 'a' } },
      WEBHOOK_MSG.headerNameInvalid,
    ],
    [
      'the signature header',
      { targetUrl: PUBLIC, requestHeaders: { 'X-Sightline-Signature': 'x' } },
      WEBHOOK_MSG.headerReserved,
    ],
    ...['User-Agent', 'Content-Encoding'].map(
      (name) =>
        [
          `the ${name} header`,
          { targetUrl: PUBLIC, requestHeaders: { [name]: 'x' } },
          WEBHOOK_MSG.headerReserved,
        ] as [string, object, string],
    ),
    ...['Trailer', 'TE', 'Upgrade', 'Keep-Alive', 'Proxy-Authorization'].map(
      (name) =>
        [
          `the hop-by-hop ${name} header`,
          { targetUrl: PUBLIC, requestHeaders: { [name]: 'x' } },
          WEBHOOK_MSG.headerHopByHop,
        ] as [string, object, string],
    ),
    ['a NUL byte', { targetUrl: `${PUBLIC}\u0000` }, 'NUL'],
    [
      'a __proto__ remote field',
      { targetUrl: PUBLIC, fields: [{ localField: 'name', remoteFieldName: '__proto__' }] },
      'allowed',
    ],
    ['a loopback target', { targetUrl: 'http://127.0.0.1:8080/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a host resolving to 127.0.0.1', { targetUrl: 'http://localhost:8080/x' }, WEBHOOK_MSG.targetUrlPrivate],
    [
      'the metadata address',
      { targetUrl: 'http://169.254.169.254/latest/meta-data' },
      WEBHOOK_MSG.targetUrlPrivate,
    ],
    ['a private address', { targetUrl: 'https://10.1.2.3/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a private 172.16/12 address', { targetUrl: 'https://172.20.0.5/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['an IPv4-mapped loopback', { targetUrl: 'http://[::ffff:127.0.0.1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['an IPv6 loopback', { targetUrl: 'http://[::1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['an IPv4-compatible loopback', { targetUrl: 'http://[::127.0.0.1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a SIIT loopback', { targetUrl: 'http://[::ffff:0:7f00:1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a 6to4 metadata address', { targetUrl: 'http://[2002:a9fe:a9fe::1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a NAT64 local-use address', { targetUrl: 'http://[64:ff9b:1::a00:1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a Teredo address', { targetUrl: 'http://[2001:0:4136:e378::1]/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['a documentation address', { targetUrl: 'https://198.51.100.7/x' }, WEBHOOK_MSG.targetUrlPrivate],
    ['an IPv6 documentation address', { targetUrl: 'https://[2001:db8::1]/x' }, WEBHOOK_MSG.targetUrlPrivate],

    [
      'a metadata host name',
      { targetUrl: 'http://metadata.google.internal/x' },
      WEBHOOK_MSG.targetUrlPrivate,
    ],
  ])('refuses %s with a 400 and stores nothing', async (_, body, message) => {
    const t = await sharedTenant();
    const res = await t.admin.request('POST', '/api/webhooks', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await t.admin.request('GET', '/api/webhooks')).json()).toEqual([]);
  });

  it('refuses a private target on update too', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id);
    const res = await t.admin.request('PUT', `/api/webhooks/${hook.id}`, { targetUrl: 'http://localhost/x' });
    expect(res.statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/webhooks/${hook.id}`)).json().targetUrl).toBe(PUBLIC);
  });

  it('answers 401 without a session', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id);
    const anon = anonymous(app);
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['GET', `/api/webhooks/${hook.id}`],
      ['PUT', `/api/webhooks/${hook.id}`],
      ['DELETE', `/api/webhooks/${hook.id}`],
      ['POST', `/api/webhooks/${hook.id}/secret`],
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/webhooks/${hook.id}/test`],
    ] as const) {
      expect(
        (await anon.request(method, url, method === 'GET' ? undefined : valid)).statusCode,
        `${method} ${url}`,
      ).toBe(401);
    }
  });

  it('answers 403 to roles without webhook rights and to site-limited admins', async () => {
    const t = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, t.org.id);
    const site = await makeSite(app, t.org.id);
    const limited = await makeUser(app, t.org.id, { role: 'admin', sites: [site.id] });
    const limitedAdmin = await login(app, limited.username);
    for (const client of [t.manager, t.operator, t.viewer, limitedAdmin]) {
      expect((await client.request('GET', '/api/webhooks')).statusCode).toBe(403);
      expect((await client.request('POST', '/api/webhooks', valid)).statusCode).toBe(403);
      expect((await client.request('GET', `/api/webhooks/${hook.id}`)).statusCode).toBe(403);
      expect((await client.request('PUT', `/api/webhooks/${hook.id}`, valid)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(403);
      expect((await client.request('POST', `/api/webhooks/${hook.id}/secret`)).statusCode).toBe(403);
      expect((await client.request('GET', `/api/webhooks/${hook.id}/deliveries`)).statusCode).toBe(403);
      expect((await client.request('POST', `/api/webhooks/${hook.id}/test`)).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', `/api/webhooks/${hook.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's webhook and never shows it", async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const hook = await makeWebhook(app.ctx.db, other.org.id);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${hook.id}`],
      ['PUT', `/api/webhooks/${hook.id}`],
      ['DELETE', `/api/webhooks/${hook.id}`],
      ['POST', `/api/webhooks/${hook.id}/secret`],
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/webhooks/${hook.id}/test`],
    ] as const) {
      const res = await t.admin.request(method, url, method === 'PUT' ? valid : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.admin.request('GET', '/api/webhooks')).json()).toEqual([]);
    expect((await other.admin.request('GET', `/api/webhooks/${hook.id}`)).statusCode).toBe(200);
  });

  it('rejects a malformed id with 400', async () => {
    const t = await makeTenant(app);
    expect((await t.admin.request('GET', '/api/webhooks/nope')).statusCode).toBe(400);
  });
});
