import { ORGANIZATION_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeSuperAdmin, makeTenant } from '../../../test/factories.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();
const sub = () => `acme-${newId().slice(-10)}`;
const ID_MISSING = '0123456789abcdef01234567';
const firstAdmin = () => ({ adminName: 'First Admin', adminEmail: `first-${newId()}@example.com` });

describe('organizations', () => {
  it('lets a Super Admin create, read, list, update and delete an organization', async () => {
    const t = await makeTenant(app);
    const root = await makeSuperAdmin(app, t.org.id);
    const subdomain = sub();
    const created = await root.request('POST', '/api/organizations', {
      name: ' Acme Logistics ',
      subdomain: subdomain.toUpperCase(),
      oktaEnabled: true,
      ...firstAdmin(),
    });
    expect(created.statusCode).toBe(200);
    const org = created.json();
    expect(org).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Acme Logistics',
      subdomain,
      timeCreated: expect.any(String),
      oktaEnabled: true,
      entraEnabled: false,
    });
    expect(Date.parse(org.timeCreated)).toBeGreaterThan(Date.now() - 60_000);
    expect((await root.request('GET', `/api/organizations/${org._id}`)).json()).toEqual(org);

    const search = await root.request('GET', `/api/organizations?search=${subdomain}`);
    expect(search.headers['x-total-count']).toBe('1');
    expect(search.json()).toEqual([org]);

    const updated = await root.request('PUT', `/api/organizations/${org._id}`, {
      name: 'Acme Renamed',
      subdomain,
      entraEnabled: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Acme Renamed', oktaEnabled: false, entraEnabled: true });

    expect((await root.request('DELETE', `/api/organizations/${org._id}`)).statusCode).toBe(204);
    expect((await root.request('GET', `/api/organizations/${org._id}`)).statusCode).toBe(404);
    expect((await root.request('DELETE', `/api/organizations/${ID_MISSING}`)).statusCode).toBe(404);
  });

  it('shows a Super Admin every organization, anyone else only their own', async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const root = await makeSuperAdmin(app, a.org.id);
    const all = await root.request('GET', '/api/organizations?limit=1000&sort=-timeCreated');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const ids = all.json().map((o: { _id: string }) => o._id);
    expect(ids).toEqual(expect.arrayContaining([a.org.id, b.org.id]));

    for (const client of [a.viewer, a.admin]) {
      const own = await client.request('GET', '/api/organizations?sort=name');
      expect(own.statusCode).toBe(200);
      expect(own.headers['x-total-count']).toBe('1');
      expect(own.json().map((o: { _id: string }) => o._id)).toEqual([a.org.id]);
      expect((await client.request('GET', `/api/organizations/${a.org.id}`)).json().subdomain).toBe(
        a.org.subdomain,
      );
    }
    expect((await a.admin.request('GET', `/api/organizations?search=${b.org.subdomain}`)).json()).toEqual([]);
    expect((await root.request('GET', `/api/organizations/${b.org.id}`)).statusCode).toBe(200);
  });

  it('rejects invalid input and duplicate subdomains with 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const root = await makeSuperAdmin(app, t.org.id);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '', subdomain: sub(), ...firstAdmin() }, /Name is required/],
      [{ name: 'No Subdomain', ...firstAdmin() }, /Subdomain is required/],
      [{ name: 'Bad', subdomain: 'not valid!', ...firstAdmin() }, /only letters, digits and hyphens/],
      [{ name: 'Duplicate', subdomain: t.org.subdomain, ...firstAdmin() }, /duplicate subdomain/],
      [{ name: 'Duplicate', subdomain: sub(), adminName: ' ', adminEmail: 'a@b.co' }, /first Admin's name/],
      [{ name: 'Duplicate', subdomain: sub(), adminName: 'X', adminEmail: 'nope' }, /adminEmail/],
      [{ name: 'Duplicate', subdomain: sub(), adminName: 'X', adminEmail: t.viewer.username }, /duplicate/],
    ];
    for (const [body, message] of cases) {
      const res = await root.request('POST', '/api/organizations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const byName = await root.request('GET', '/api/organizations?search=Duplicate');
    expect(byName.json()).toEqual([]);
    expect((await root.request('GET', '/api/organizations?sort=secret')).statusCode).toBe(400);

    const other = await makeTenant(app);
    const clash = await root.request('PUT', `/api/organizations/${other.org.id}`, {
      name: 'Clash',
      subdomain: t.org.subdomain,
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(ORGANIZATION_MSG.duplicateSubdomain(t.org.subdomain));
    expect((await root.request('GET', `/api/organizations/${other.org.id}`)).json().subdomain).toBe(
      other.org.subdomain,
    );
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const guest = anonymous(app);
    expect((await guest.request('GET', '/api/organizations')).statusCode).toBe(401);
    expect((await guest.request('GET', `/api/organizations/${t.org.id}`)).statusCode).toBe(401);
    expect(
      (await guest.request('POST', '/api/organizations', { name: 'X', subdomain: sub(), ...firstAdmin() }))
        .statusCode,
    ).toBe(401);
    expect((await guest.request('DELETE', `/api/organizations/${t.org.id}`)).statusCode).toBe(401);
  });

  it('lets only a Super Admin create, change or delete (403), even its own organization', async () => {
    const t = await makeTenant(app);
    const body = { name: 'Mine', subdomain: sub(), ...firstAdmin() };
    for (const client of [t.admin, t.viewer]) {
      const res = await client.request('POST', '/api/organizations', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORGANIZATION_MSG.superAdminOnly);
      const change = { name: body.name, subdomain: body.subdomain };
      expect((await client.request('PUT', `/api/organizations/${t.org.id}`, change)).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/organizations/${t.org.id}`)).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', `/api/organizations/${t.org.id}`)).json().subdomain).toBe(
      t.org.subdomain,
    );
  });

  it('hides another organization from everyone but a Super Admin (404)', async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    expect((await a.admin.request('GET', `/api/organizations/${b.org.id}`)).statusCode).toBe(404);
    expect((await a.viewer.request('GET', `/api/organizations/${b.org.id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/organizations/${ID_MISSING}`)).statusCode).toBe(404);
  });
});
