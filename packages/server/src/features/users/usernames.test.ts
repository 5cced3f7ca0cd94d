import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();

describe('usernames', () => {
  it("lists the organization's users as { id, name } for any signed-in caller", async () => {
    const t = await makeTenant(app);
    const res = await t.viewer.request('GET', '/api/usernames');
    expect(res.statusCode).toBe(200);
    const names = res.json() as { id: string; name: string }[];
    expect(names).toHaveLength(4);
    expect(Object.keys(names[0] ?? {}).sort()).toEqual(['id', 'name']);
    expect(names.map((n) => n.name)).toEqual([...names.map((n) => n.name)].sort());
    const one = await t.operator.request('GET', `/api/usernames/${t.admin.userId}`);
    expect(one.json()).toEqual({ id: t.admin.userId, name: expect.any(String) });
  });

  it("hides another organization's users (404) and rejects a malformed id (400)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    expect((await a.viewer.request('GET', `/api/usernames/${b.admin.userId}`)).statusCode).toBe(404);
    expect(
      (await a.viewer.request('GET', '/api/usernames')).json().map((u: { id: string }) => u.id),
    ).not.toContain(b.admin.userId);
    expect((await a.viewer.request('GET', '/api/usernames/xyz')).statusCode).toBe(400);
  });

  it('requires authentication', async () => {
    expect((await anonymous(app).request('GET', '/api/usernames')).statusCode).toBe(401);
    expect((await anonymous(app).request('GET', '/api/usernames/0123456789abcdef01234567')).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/check/email', () => {
  it('tells whether a username is taken, case-insensitively', async () => {
    const t = await makeTenant(app);
    const taken = await t.admin.request('POST', '/api/check/email', {
      email: t.viewer.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ exists: true });
    const free = await t.viewer.request('POST', '/api/check/email', {
      email: `free-${Date.now()}@example.com`,
    });
    expect(free.json()).toEqual({ exists: false });
  });

  it('rejects an invalid email (400), anonymous callers (401) and cookie calls without CSRF header (403)', async () => {
    const t = await makeTenant(app);
    const bad = await t.admin.request('POST', '/api/check/email', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Not a valid email address');
    expect((await anonymous(app).request('POST', '/api/check/email', { email: 'a@b.co' })).statusCode).toBe(
      401,
    );
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/api/check/email',
      payload: { email: 'a@b.co' },
      headers: { cookie: t.admin.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
