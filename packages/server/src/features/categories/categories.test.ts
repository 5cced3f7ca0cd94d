import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';
import { qrPng } from '../../platform/qrcode.js';

const app = await makeApp();
const names = (res: { json(): { name: string }[] }) => res.json().map((c) => c.name);

describe('categories', () => {
  it('creates, reads, lists, updates and deletes at both paths', async () => {
    const t = await makeTenant(app);
    const created = await t.manager.request('POST', '/api/categories', {
      name: 'Tools',
      description: 'Hand tools',
    });
    expect(created.statusCode).toBe(200);
    const tools = created.json();
    expect(tools).toEqual({
      _id: tools.id,
      id: tools.id,
      name: 'Tools',
      description: 'Hand tools',
      hidden: false,
    });
    await t.admin.request('POST', '/api/image-categories', { name: 'apparel', hidden: true });
    await t.admin.request('POST', '/api/image-categories', { name: 'Parts' });

    const list = await t.viewer.request('GET', '/api/categories');
    expect(list.headers['x-total-count']).toBe('3');
    expect(names(list)).toEqual(['apparel', 'Parts', 'Tools']);
    expect(names(await t.viewer.request('GET', '/api/image-categories?sort=-name&limit=2'))).toEqual([
      'Tools',
      'Parts',
    ]);
    expect(names(await t.viewer.request('GET', '/api/categories?search=hand'))).toEqual(['Tools']);
    expect(names(await t.viewer.request('GET', '/api/categories?hidden=false'))).toEqual(['Parts', 'Tools']);

    const updated = await t.manager.request('PUT', `/api/image-categories/${tools._id}`, {
      ...tools,
      name: 'tools',
      hidden: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'tools', hidden: true });
    expect((await t.viewer.request('GET', `/api/image-categories/${tools._id}`)).json().name).toBe('tools');

    expect((await t.manager.request('DELETE', `/api/categories/${tools._id}`)).statusCode).toBe(204);
    expect((await t.viewer.request('GET', `/api/categories/${tools._id}`)).statusCode).toBe(404);
  });

  it('rejects a missing or duplicate name (case-insensitive) and stores nothing', async () => {
    const t = await makeTenant(app);
    const empty = await t.admin.request('POST', '/api/categories', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Name is required/);
    const missing = await t.admin.request('POST', '/api/categories', { description: 'x' });
    expect(missing.json().message).toMatch(/Name is required/);
    const parts = (await t.admin.request('POST', '/api/categories', { name: 'Parts' })).json();
    const dup = await t.admin.request('POST', '/api/categories', { name: 'PARTS' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toMatch(/duplicate/);
    const other = (await t.admin.request('POST', '/api/categories', { name: 'Other' })).json();
    const rename = await t.admin.request('PUT', `/api/categories/${other._id}`, { name: 'parts' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toMatch(/duplicate/);
    const same = await t.admin.request('PUT', `/api/categories/${parts._id}`, { name: 'PARTS' });
    expect(same.statusCode).toBe(200);
    expect(names(await t.admin.request('GET', '/api/categories'))).toEqual(['Other', 'PARTS']);
    expect((await t.admin.request('GET', '/api/categories?sort=secret')).statusCode).toBe(400);
  });

  it('serves a QR code of the category at each size', async () => {
    const t = await makeTenant(app);
    const c = (await t.admin.request('POST', '/api/categories', { name: 'Kits' })).json();
    const res = await t.viewer.request('GET', `/api/categories/${c._id}/qrcode?size=100`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const expected = await qrPng(JSON.stringify({ type: 'category', id: c._id, name: 'Kits' }), 100);
    expect(res.rawPayload.equals(expected)).toBe(true);
    expect(res.rawPayload.readUInt32BE(16)).toBe(100);
    const medium = await t.viewer.request('GET', `/api/image-categories/${c._id}/qrcode`);
    expect(medium.rawPayload.readUInt32BE(16)).toBe(300);
    expect((await t.viewer.request('GET', `/api/categories/${c._id}/qrcode?size=200`)).statusCode).toBe(400);
  });

  it('removes a deleted category from the things that carry it', async () => {
    const t = await makeTenant(app);
    const keep = (await t.admin.request('POST', '/api/categories', { name: 'Keep' })).json();
    const drop = (await t.admin.request('POST', '/api/categories', { name: 'Drop' })).json();
    const thing = (
      await t.admin.request('POST', '/api/things', {
        name: 'T',
        categories: [drop._id, keep._id],
        site: t.site.id,
      })
    ).json();
    expect((await t.admin.request('DELETE', `/api/categories/${drop._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/things/${thing._id}`)).json().categories).toEqual([keep._id]);
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    const c = (await t.admin.request('POST', '/api/categories', { name: 'Kits' })).json();
    const anon = anonymous(app);
    for (const base of ['/api/categories', '/api/image-categories']) {
      expect((await anon.request('GET', base)).statusCode).toBe(401);
      expect((await anon.request('GET', `${base}/${c._id}`)).statusCode).toBe(401);
      expect((await anon.request('GET', `${base}/${c._id}/qrcode`)).statusCode).toBe(401);
      expect((await anon.request('POST', base, { name: 'X' })).statusCode).toBe(401);
      expect((await anon.request('PUT', `${base}/${c._id}`, { name: 'X' })).statusCode).toBe(401);
      expect((await anon.request('DELETE', `${base}/${c._id}`)).statusCode).toBe(401);
    }
  });

  it('forbids viewers and operators to change categories', async () => {
    const t = await makeTenant(app);
    const c = (await t.admin.request('POST', '/api/categories', { name: 'Kits' })).json();
    for (const client of [t.viewer, t.operator]) {
      expect((await client.request('POST', '/api/categories', { name: 'X' })).statusCode).toBe(403);
      expect((await client.request('PUT', `/api/image-categories/${c._id}`, { name: 'X' })).statusCode).toBe(
        403,
      );
      expect((await client.request('DELETE', `/api/categories/${c._id}`)).statusCode).toBe(403);
    }
    expect(names(await t.admin.request('GET', '/api/categories'))).toEqual(['Kits']);
  });

  it("hides another organization's categories (404) and lists only its own", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const c = (await b.admin.request('POST', '/api/categories', { name: 'Secret' })).json();
    expect((await a.admin.request('GET', `/api/categories/${c._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', `/api/categories/${c._id}/qrcode`)).statusCode).toBe(404);
    expect((await a.admin.request('PUT', `/api/categories/${c._id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await a.admin.request('DELETE', `/api/image-categories/${c._id}`)).statusCode).toBe(404);
    expect((await a.admin.request('GET', '/api/categories')).headers['x-total-count']).toBe('0');
    expect((await a.admin.request('POST', '/api/categories', { name: 'Secret' })).statusCode).toBe(200);
    expect((await b.admin.request('GET', `/api/categories/${c._id}`)).json().name).toBe('Secret');
  });
});
