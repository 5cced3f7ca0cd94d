/**
 * Cross-site references: an id a caller writes must be one it can read. A Manager limited to one
 * site cannot name a thing of another site as a parent, and gets the same 400 as for an unknown id.
 */
import { THING_MSG } from '@sightline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  login,
  makeApp,
  makeImage,
  makeSite,
  makeTenant,
  makeThing,
  makeUser,
  makeZone,
} from '../../test/factories.js';
import { things } from '../db/schema.js';

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

  async function limitedManager() {
    const t = await makeTenant(app);
    const other = await makeSite(app, t.org.id);
    const manager = await makeUser(app, t.org.id, { role: 'manager', sites: [t.site.id] });
    const client = await login(app, manager.username, manager.password, manager.id);
    return { t, other, client };
  }

  it("answers a photo of another site like an unknown photo, and keeps a thing's existing photos", async () => {
    const { t, other, client } = await limitedManager();
    const foreignPhoto = await makeImage(app, t.org.id, other.id);
    const myPhoto = await makeImage(app, t.org.id, t.site.id);
    const unknownId = '0123456789abcdef01234567';
    const post = (photo: string[]) =>
      client.request('POST', '/api/things', { name: 'Camera', site: t.site.id, photo });

    const foreign = await post([foreignPhoto]);
    const unknown = await post([unknownId]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(THING_MSG.unknownPhoto(foreignPhoto));
    expect(unknown.json().message).toBe(THING_MSG.unknownPhoto(unknownId));
    expect(await app.ctx.db.$count(things, and(eq(things.orgId, t.org.id), eq(things.name, 'Camera')))).toBe(
      0,
    );

    const ok = await post([myPhoto]);
    expect(ok.statusCode).toBe(200);
    const camera = ok.json() as Record<string, unknown>;
    // An admin of all sites linked a photo of the other site: the limited manager may still edit.
    const linked = await t.admin.request('PUT', `/api/things/${camera._id}`, {
      ...camera,
      photo: [myPhoto, foreignPhoto],
    });
    expect(linked.statusCode).toBe(200);
    const edited = await client.request('PUT', `/api/things/${camera._id}`, {
      ...(linked.json() as Record<string, unknown>),
      name: 'Camera 2',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().photo).toEqual([myPhoto, foreignPhoto]);
  });

  it("answers a manual move of another site's thing like an unknown tag, and moves nothing", async () => {
    const { t, other, client } = await limitedManager();
    const db = app.ctx.db;
    const dock = await makeZone(db, t.org.id, t.site.id, { name: 'Dock' });
    const hidden = await makeThing(db, t.org.id, other.id);
    const mine = await makeThing(db, t.org.id, t.site.id);

    const foreign = await client.request('POST', '/api/event', { tag: hidden.tag, zone: dock.id });
    const unknown = await client.request('POST', '/api/event', { tag: 'ABCDEF012345', zone: dock.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    const after = await t.admin.request('GET', `/api/things/${hidden.id}`);
    expect(after.json().zone).toBeNull();

    expect((await client.request('POST', '/api/event', { tag: mine.tag, zone: dock.id })).statusCode).toBe(
      200,
    );
    expect((await t.admin.request('POST', '/api/event', { tag: hidden.tag, zone: dock.id })).statusCode).toBe(
      200,
    );
  });

  it("answers the exceptions of another site's thing like an unknown thing", async () => {
    const { t, other, client } = await limitedManager();
    const hidden = await makeThing(app.ctx.db, t.org.id, other.id);
    const foreign = await client.request('GET', `/api/exceptions?thing=${hidden.id}`);
    const unknown = await client.request('GET', '/api/exceptions?thing=0123456789abcdef01234567');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await t.admin.request('GET', `/api/exceptions?thing=${hidden.id}`)).statusCode).toBe(200);
  });
});
