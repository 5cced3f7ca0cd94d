/**
 * Every PUT of the route table whose record a GET of the same path answers takes back what that
 * GET answered: unchanged (2xx, nothing changes), with one editable field changed (2xx, the change
 * shows), and with a field the server owns changed (400 naming it, nothing stored).
 */
import { describe, expect, it } from 'vitest';
import { makeApp, makeSuperAdmin, makeTenant } from '../factories.js';
import { makeRecords, recordIdFor } from './fixtures.js';
import {
  changedTables,
  type JsonSchema,
  pathParamsOf,
  type Route,
  routeName,
  routeTable,
  snapshotOrg,
  urlOf,
} from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const su = await makeSuperAdmin(app, tenant.org.id);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);
const VOLATILE = ['sessions', 'login_attempts'];
// An image answers its categories as `{ id, name }`, and takes them back so.
const categorized = await su.request('PUT', `/api/images/${own.ids.images}/meta`, {
  categories: [own.ids.categories],
});
if (categorized.statusCode !== 200) throw new Error(`image categories: ${categorized.body}`);

const routes = routeTable(app);
const readable = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.path));
const puts = routes.filter((r) => r.method === 'PUT' && r.body?.properties && readable.has(r.path));

const urlFor = (route: Route) => urlOf(route, pathParamsOf(route, recordIdFor(route, own)));
const ok = (status: number) => status >= 200 && status < 300;

/** The document marks the fields of a PUT body that the server owns (taken back unchanged). */
const serverOwned = (schema: JsonSchema) =>
  (schema as { 'x-server-owned'?: boolean })['x-server-owned'] === true;
const editableNames = (body: JsonSchema) =>
  Object.entries(body.properties ?? {})
    .filter(([, s]) => !serverOwned(s))
    .map(([name]) => name);

/** A field of the body a client may change: free text it already has, else a flag. */
function editableField(body: JsonSchema, record: Record<string, unknown>) {
  const fields = Object.entries(body.properties ?? {}).filter(([, s]) => !serverOwned(s));
  const text = fields.find(
    ([name, s]) =>
      typeof record[name] === 'string' &&
      record[name] !== '' &&
      s.type === 'string' &&
      !s.enum &&
      !s.pattern &&
      !s.format &&
      !/password|email|username|url|timezone|color|secret/i.test(name),
  );
  if (text) {
    const [name, s] = text;
    const value = `${String(record[name]).slice(0, (s.maxLength ?? 100) - 8)} edited`;
    return { name, value };
  }
  const flag = fields.find(([name, s]) => typeof record[name] === 'boolean' && s.type === 'boolean');
  if (flag) return { name: flag[0], value: !record[flag[0]] };
  return undefined;
}

/** Another value of the same type: what a client changing a server-owned field sends. */
function otherValue(value: unknown): unknown {
  if (typeof value === 'string')
    return /^[0-9a-f]{24}$/.test(value) ? '0123456789abcdef01234567' : `${value}x`;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  return { changed: true };
}

describe('a PUT takes back what its GET answered', () => {
  it('covers the editable resources', () => {
    expect(puts.map(routeName)).toEqual(
      expect.arrayContaining(['PUT /api/zones/:id', 'PUT /api/things/:id', 'PUT /api/images/:id/meta']),
    );
  });

  for (const route of puts) {
    describe(routeName(route), () => {
      const url = urlFor(route);
      const body = route.body as JsonSchema;
      const read = async () => {
        const res = await su.request('GET', url);
        expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
        return res.json() as Record<string, unknown>;
      };

      it('unchanged: 2xx, and nothing changes', async () => {
        const before = await read();
        const put = await su.request('PUT', url, before);
        expect(ok(put.statusCode), `${put.statusCode} ${put.body.slice(0, 300)}`).toBe(true);
        expect(await read()).toEqual(before);
      });

      it('one editable field changed: 2xx, and the change shows', async () => {
        const before = await read();
        const field = editableField(body, before);
        if (!field) return; // nothing free to change: the unchanged round trip covers it
        const put = await su.request('PUT', url, { ...before, [field.name]: field.value });
        expect(ok(put.statusCode), `${field.name}: ${put.statusCode} ${put.body.slice(0, 300)}`).toBe(true);
        const after = await read();
        expect(after[field.name]).toEqual(field.value);
        // The other fields it takes stay as they were (a modification time may move).
        const editable = (r: Record<string, unknown>) =>
          Object.fromEntries(editableNames(body).map((k) => [k, r[k]]));
        expect(editable({ ...after, [field.name]: before[field.name] })).toEqual(editable(before));
      });

      it('a server-owned field changed: 400 naming it, nothing stored', async () => {
        const before = await read();
        const owned = Object.keys(before).filter((name) => !editableNames(body).includes(name));
        if (!owned.length) return; // a settings object: every field it answers is editable
        const name = owned.includes('_id') ? '_id' : (owned[0] as string);
        const rows = await snapshotOrg(app, tenant.org.id, VOLATILE);
        const put = await su.request('PUT', url, { ...before, [name]: otherValue(before[name]) });
        expect(put.statusCode, put.body.slice(0, 300)).toBe(400);
        expect(put.json().message).toContain(name);
        expect(changedTables(rows, await snapshotOrg(app, tenant.org.id, VOLATILE))).toEqual([]);
        expect(await read()).toEqual(before);
      });
    });
  }
});
