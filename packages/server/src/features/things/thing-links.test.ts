import { describe, expect, it } from 'vitest';
import type { Client } from '../../../test/factories.js';
import { makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();
const names = (res: { json(): { name: string }[] }) =>
  res
    .json()
    .map((x) => x.name)
    .sort();

async function thing(client: Client, site: string, name: string, parents: string[] = []) {
  const res = await client.request('POST', '/api/things', { name, site, parents });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('thing parents and children', () => {
  it('links by PUT of the child and lists children and parents', async () => {
    const t = await makeTenant(app);
    const kit = await thing(t.operator, t.site.id, 'Kit');
    const box = await thing(t.operator, t.site.id, 'Box');
    await thing(t.operator, t.site.id, 'Wrench', [kit._id]);
    const saw = await thing(t.operator, t.site.id, 'Saw');
    const linked = await t.operator.request('PUT', `/api/things/${saw._id}`, {
      ...saw,
      parents: [kit._id, box._id, kit._id],
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().parents).toEqual([kit._id, box._id]);

    const children = await t.viewer.request('GET', `/api/things/${kit._id}/children`);
    expect(children.statusCode).toBe(200);
    expect(children.headers['x-total-count']).toBe('2');
    expect(names(children)).toEqual(['Saw', 'Wrench']);
    expect(names(await t.viewer.request('GET', `/api/things/${saw._id}/parents`))).toEqual(['Box', 'Kit']);
    expect(names(await t.viewer.request('GET', `/api/things/${kit._id}/parents`))).toEqual([]);
    const page = await t.viewer.request('GET', `/api/things/${kit._id}/children?limit=1&sort=name`);
    expect(names(page)).toEqual(['Saw']);

    // unlink, from the record the last save answered (the first copy's timeModified is past)
    const unlinked = await t.operator.request('PUT', `/api/things/${saw._id}`, {
      ...(linked.json() as object),
      parents: [box._id],
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(names(await t.viewer.request('GET', `/api/things/${kit._id}/children`))).toEqual(['Wrench']);
  });

  it('refuses a missing parent, the thing itself and a loop, and changes nothing', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const grandparent = await thing(t.admin, t.site.id, 'Grandparent');
    const parent = await thing(t.admin, t.site.id, 'Parent', [grandparent._id]);
    const gone = await thing(t.admin, t.site.id, 'Gone');
    await t.admin.request('DELETE', `/api/things/${gone._id}`);
    const foreign = await thing(b.admin, b.site.id, 'Foreign');

    const put = (id: string, body: object) => t.admin.request('PUT', `/api/things/${id}`, body);
    const missing = await put(parent._id, { ...parent, parents: [grandparent._id, gone._id] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Parent no longer exists.');
    expect((await put(parent._id, { ...parent, parents: [foreign._id] })).json().message).toBe(
      'Parent no longer exists.',
    );
    const self = await put(parent._id, { ...parent, parents: [parent._id] });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A thing cannot be its own parent');
    const loop = await put(grandparent._id, { ...grandparent, parents: [parent._id] });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toMatch(/own parents/);
    expect((await t.admin.request('GET', `/api/things/${parent._id}`)).json().parents).toEqual([
      grandparent._id,
    ]);
    expect((await t.admin.request('GET', `/api/things/${grandparent._id}`)).json().parents).toEqual([]);
  });

  it('unlinks the children of a deleted thing', async () => {
    const t = await makeTenant(app);
    const kit = await thing(t.admin, t.site.id, 'Kit');
    const part = await thing(t.admin, t.site.id, 'Part', [kit._id]);
    expect((await t.admin.request('DELETE', `/api/things/${kit._id}`)).statusCode).toBe(204);
    expect((await t.admin.request('GET', `/api/things/${part._id}`)).json().parents).toEqual([]);
    expect((await t.admin.request('GET', `/api/things/${kit._id}/children`)).statusCode).toBe(404);
  });
});
