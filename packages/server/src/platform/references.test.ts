/**
 * Issue 6 finding 5: an id a caller writes must be one it can read. A Manager limited to one
 * site cannot name a thing of another site as a parent, and gets the same 400 as for an unknown id.
 */
import { THING_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { login, makeApp, makeSite, makeTenant, makeUser } from '../../test/factories.js';

const app = await makeApp();

describe('cross-site references', () => {
  it('answers a parent of a site the caller cannot read like an unknown id', async () => {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const hidden = await t.admin.request('POST', '/api/things', { name: 'Other kit', site: other.id });
    expect(hidden.statusCode).toBe(200);
    const mine = await t.admin.request('POST', '/api/things', { name: 'My kit', site: t.site.id });
    const manager = await makeUser(app, t.org.id, { role: 'manager', sites: [t.site.id] });
    const client = await login(app, manager.username, manager.password, manager.id);

    const foreign = await client.request('POST', '/api/things', {
      name: 'Child',
      site: t.site.id,
      parents: [hidden.json()._id],
    });
    const unknown = await client.request('POST', '/api/things', {
      name: 'Child',
      site: t.site.id,
      parents: ['0123456789abcdef01234567'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json().message).toBe(THING_MSG.parentGone);

    const ok = await client.request('POST', '/api/things', {
      name: 'Child',
      site: t.site.id,
      parents: [mine.json()._id],
    });
    expect(ok.statusCode).toBe(200);
    // The all-sites admin may link across sites.
    const admin = await t.admin.request('POST', '/api/things', {
      name: 'Child 2',
      site: t.site.id,
      parents: [hidden.json()._id],
    });
    expect(admin.statusCode).toBe(200);
  });
});
