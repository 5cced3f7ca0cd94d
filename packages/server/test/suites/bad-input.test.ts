/**
 * Bad input on every route (one of the suites of docs/security.md, "Suites"), generated from the
 * OpenAPI route table: odd ids, hostile query values, wrong types and hostile strings in every body
 * field, pollution keys, deep, huge and malformed bodies, broken multipart. Never a 5xx; the server keeps
 * answering after each route; a route that refused everything changed nothing, and another
 * organization's rows never change.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  login,
  makeApp,
  makeOrg,
  makeSite,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  PASSWORD,
  readerHeaders,
} from '../factories.js';
import { makeRecords, NOTHING, plausibleQuery, recordIdFor, SAMPLE_BODIES } from './fixtures.js';
import {
  changedTables,
  pathParamsOf,
  plausible,
  type Route,
  routeName,
  routeTable,
  snapshotOrg,
  urlOf,
  within,
} from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
let su = await makeSuperAdmin(app, tenant.org.id);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const other = await makeOrg(app, 'Bystander');
const otherSite = await makeSite(app, other.id);
const otherAdmin = await login(app, (await makeUser(app, other.id, { role: 'admin' })).username);
await makeRecords(app, other.id, otherSite.id, otherAdmin);
const routes = routeTable(app);

/** Rows that change on reads or sign-ins (sessions, login counters), not by a refused write. */
const VOLATILE = ['sessions', 'login_attempts'];
const LONG = 'x'.repeat(100_000);
const ODD_IDS = ['not-an-id', '-1', '99999999999999999999999999', NOTHING, "1' OR '1'='1", 'a'.repeat(300)];
/** Query values: pollution always, two of the rest in turn per parameter. */
const HOSTILE_QUERY = [
  LONG,
  'constructor',
  "'; DROP TABLE things; --",
  '<script>alert(1)</script>',
  '\u0000',
  '-1',
  '1e309',
  '99999999999999999999',
  '-sort',
];
/** Body field values: one wrong type and one hostile string in turn per field. */
const WRONG_TYPES: unknown[] = [{}, [], 1e308, -1, true, null, [LONG], { toString: 1 }];
const HOSTILE_STRINGS = [LONG, '\u0000', "'; DROP TABLE users; --", '<img src=x onerror=alert(1)>'];
const HOSTILE_FIELD: unknown[] = [...HOSTILE_STRINGS, ...WRONG_TYPES];
/** Whole bodies: wrong types, nothing, cut-off and trailing-comma JSON, a lone surrogate. */
const WHOLE_BODIES = ['null', '42', '[]', '', '{"a":', '{"a":1,}', '{"a":"\\ud800"}'];
const POLLUTION = [
  '"__proto__":{"polluted":true}',
  '"constructor":{"prototype":{"polluted":true}}',
  '"prototype":{"polluted":true}',
];
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const JSON_LIMIT = 1024 * 1024;
const INGEST_LIMIT = 10 * 1024 * 1024;

const figures = { routes: 0, requests: 0, fiveXx: [] as string[] };

const idFor = (route: Route) => recordIdFor(route, own);
const baseQuery = (route: Route) => plausibleQuery(route, own);

function baseBody(route: Route): unknown {
  const sample = SAMPLE_BODIES[routeName(route)];
  if (sample !== undefined) return structuredClone(sample);
  const body = plausible(route.body);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of Object.keys(body)) {
      if (own.ids[key]) (body as Record<string, unknown>)[key] = own.ids[key];
    }
  }
  return body;
}

interface Probe {
  what: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

async function send(route: Route, probe: Probe): Promise<LightMyRequestResponse | undefined> {
  const ingest = route.path.startsWith('/api/ingest/');
  const headers: Record<string, string> = {
    ...(probe.payload !== undefined && !probe.headers?.['content-type']
      ? { 'content-type': 'application/json' }
      : {}),
    ...(ingest ? readerHeaders(own.endpoint) : {}),
    ...probe.headers,
  };
  figures.requests++;
  // The live stream stays open on a good request: a probe that has not answered in 3 s is one.
  return within(3000, su.request(route.method, probe.url, probe.payload, headers));
}

function probesOf(route: Route): Probe[] {
  const params = pathParamsOf(route, idFor(route));
  const query = baseQuery(route);
  const url = urlOf(route, params, query);
  const probes: Probe[] = [];
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = hasBody ? baseBody(route) : undefined;
  const json = body === undefined ? undefined : JSON.stringify(body);

  for (const name of route.pathParams) {
    for (const odd of ODD_IDS) {
      probes.push({
        what: `${name}=${odd.slice(0, 20)}`,
        url: urlOf(route, { ...params, [name]: odd }, query),
        payload: json,
      });
    }
  }
  Object.keys(route.query).forEach((name, i) => {
    const turn = (k: number) => HOSTILE_QUERY[(i * 2 + k) % HOSTILE_QUERY.length] ?? '';
    for (const value of ['__proto__', turn(0), turn(1)]) {
      probes.push({
        what: `?${name}=${value.slice(0, 20)}`,
        url: urlOf(route, params, { ...query, [name]: value }),
        payload: json,
      });
    }
    const twice = `${url}${url.includes('?') ? '&' : '?'}${name}=a&${name}=b`;
    probes.push({ what: `?${name} twice`, url: twice, payload: json });
  });
  if (!hasBody) return probes;

  for (const whole of WHOLE_BODIES) probes.push({ what: `body ${whole.slice(0, 12)}`, url, payload: whole });
  probes.push({ what: 'text/plain body', url, payload: 'hello', headers: { 'content-type': 'text/plain' } });
  probes.push({ what: 'deep object', url, payload: deep(1000) });
  probes.push({ what: 'deep array', url, payload: deepArray(1000) });
  probes.push({ what: 'over the JSON limit', url, payload: `{"a":"${'x'.repeat(JSON_LIMIT)}"}` });
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = Object.keys(route.body?.properties ?? body);
    for (const key of POLLUTION) {
      const rest = JSON.stringify(body).slice(1);
      probes.push({
        what: `pollution ${key.slice(1, 12)}`,
        url,
        payload: `{${key}${rest === '}' ? '}' : `,${rest}`}`,
      });
    }
    fields.forEach((field, i) => {
      const values = [WRONG_TYPES[i % WRONG_TYPES.length], HOSTILE_STRINGS[i % HOSTILE_STRINGS.length]];
      for (const value of values) {
        probes.push({
          what: `${field}=${JSON.stringify(value)?.slice(0, 20)}`,
          url,
          payload: JSON.stringify({ ...body, [field]: value }),
        });
      }
    });
  }
  if (Array.isArray(body) || SAMPLE_BODIES[routeName(route)] !== undefined) {
    for (const value of HOSTILE_FIELD) {
      probes.push({
        what: `nested ${JSON.stringify(value)?.slice(0, 20)}`,
        url,
        payload: JSON.stringify(nestedInto(body, value)),
      });
    }
  }
  if (!route.body) probes.push(...multipartProbes(url));
  return probes;
}

/** The sample with every leaf of its first record replaced by `value`. */
function nestedInto(sample: unknown, value: unknown): unknown {
  if (Array.isArray(sample)) return sample.map((s) => nestedInto(s, value));
  if (sample && typeof sample === 'object') {
    return Object.fromEntries(
      Object.entries(sample).map(([k, v]) => [k, typeof v === 'object' ? nestedInto(v, value) : value]),
    );
  }
  return value;
}

function multipart(
  parts: string[],
  boundary = 'probeBoundary',
): { payload: Buffer; headers: Record<string, string> } {
  const body = `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body, 'binary'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function multipartProbes(url: string): Probe[] {
  const file = (name: string, content: string, type = 'image/jpeg') =>
    `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${content}`;
  const field = (name: string, value: string) =>
    `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
  const cases: [string, { payload: Buffer; headers: Record<string, string> }][] = [
    ['multipart empty', multipart([])],
    ['multipart garbage file', multipart([file('../../etc/passwd.jpg', 'not an image at all')])],
    [
      'multipart NUL filename',
      multipart([file('a\u0000.xlsx', 'PK\u0003\u0004garbage', 'application/octet-stream')]),
    ],
    [
      'multipart hostile fields',
      multipart([
        field('comment', LONG),
        field('__proto__', '{"x":1}'),
        field('tags', '\u0000'),
        file('x.png', '\x89PNG\r\n\x1a\n'),
      ]),
    ],
    [
      'multipart broken boundary',
      {
        payload: Buffer.from('--other\r\nnonsense'),
        headers: { 'content-type': 'multipart/form-data; boundary=probeBoundary' },
      },
    ],
    [
      'multipart no boundary',
      { payload: Buffer.from('x'), headers: { 'content-type': 'multipart/form-data' } },
    ],
    [
      'multipart empty boundary',
      { payload: Buffer.from('x'), headers: { 'content-type': 'multipart/form-data; boundary=' } },
    ],
    ['multipart long boundary', multipart([field('a', 'b')], 'b'.repeat(300))],
    [
      'multipart huge file',
      multipart([file('big.xlsx', 'x'.repeat(11 * 1024 * 1024), 'application/octet-stream')]),
    ],
  ];
  return cases.map(([what, m]) => ({ what, url, ...m }));
}

async function stillAnswers(): Promise<void> {
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode, 'healthz').toBe(200);
  let me = await su.request('GET', '/api/users/me');
  if (me.statusCode === 401) {
    // A probe signed the super admin out (logout): sign in again and go on.
    su = await login(app, su.username, PASSWORD, su.userId);
    me = await su.request('GET', '/api/users/me');
  }
  expect(me.statusCode, 'GET /api/users/me').toBe(200);
}

describe('bad input on every route', () => {
  it('reads the route table', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  for (const route of routes) {
    it(routeName(route), async () => {
      const before = await snapshotOrg(app, tenant.org.id, VOLATILE);
      const bystander = await snapshotOrg(app, other.id, VOLATILE);
      const fiveXx: string[] = [];
      let accepted = 0;
      const probes = probesOf(route);
      for (const probe of probes) {
        const res = await send(route, probe);
        if (!res) continue;
        if (res.statusCode >= 500) fiveXx.push(`${probe.what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode < 300) accepted++;
      }
      // Ingest routes answer reader bodies that were large: one over their own limit too.
      if (route.path.startsWith('/api/ingest/')) {
        const res = await send(route, {
          what: 'over the ingest limit',
          url: urlOf(route, { uuid: own.endpoint.uuid }),
          payload: `{"a":"${'x'.repeat(INGEST_LIMIT)}"}`,
        });
        expect(res?.statusCode).toBe(413);
      }
      figures.routes++;
      figures.fiveXx.push(...fiveXx.map((f) => `${routeName(route)} ${f}`));
      expect(fiveXx).toEqual([]);
      await stillAnswers();
      expect(
        changedTables(bystander, await snapshotOrg(app, other.id, VOLATILE)),
        'another organization',
      ).toEqual([]);
      if (accepted === 0)
        expect(
          changedTables(before, await snapshotOrg(app, tenant.org.id, VOLATILE)),
          'refused probes changed rows',
        ).toEqual([]);
    });
  }
});

describe('cases the probes found (each answered 500 before its fix)', () => {
  const uploads = [
    ['POST', `/api/images?site=${own.siteId}`],
    ['PUT', `/api/maps/${own.ids.maps}/image`],
    ['POST', `/api/import/sheet?site=${own.siteId}`],
  ] as const;
  it.each(uploads)('%s %s: a malformed multipart body is a 400', async (method, url) => {
    for (const [payload, type] of [
      ['x', 'multipart/form-data'],
      ['--other\r\nnonsense', 'multipart/form-data; boundary=probeBoundary'],
      [
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc',
        'multipart/form-data; boundary=b',
      ],
      ['x', `multipart/form-data; boundary=${'b'.repeat(300)}`],
    ] as const) {
      const res = await su.request(method, url, payload, { 'content-type': type });
      expect(res.statusCode, `${type} ${payload.slice(0, 20)}`).toBe(400);
      expect(res.json().message).toBe('Malformed multipart body');
    }
  });

  it('refuses a site timezone the runtime does not know (it broke every report of the site)', async () => {
    const site = { name: `Zone probe ${Date.now()}`, startDate: '2024-01-01', timezone: { id: 'probe' } };
    expect((await su.request('POST', '/api/sites', site)).statusCode).toBe(400);
    expect((await su.request('PUT', `/api/sites/${own.siteId}`, site)).statusCode).toBe(400);
    const good = await su.request('POST', '/api/sites', { ...site, timezone: { id: 'Europe/Paris' } });
    expect(good.statusCode).toBe(200);
  });
});

afterAll(() => {
  console.log(
    `bad-input suite: ${figures.routes} of ${routes.length} routes covered, ${figures.requests} requests sent, ${figures.fiveXx.length} answered 5xx`,
  );
});
