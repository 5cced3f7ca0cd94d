import { DEFAULT_SITE_SETTINGS, SETTINGS_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, login, makeApp, makeSite, makeTenant, makeUser } from '../../../test/factories.js';
import { categories } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

const app = await makeApp();
const url = (site: string) => `/api/orgsettings?site=${site}`;

async function makeCategory(orgId: string, name = 'Kits') {
  const id = newId();
  await app.ctx.db.insert(categories).values({ id, orgId, name: `${name} ${id.slice(-6)}` });
  return id;
}

const settings = (overrides: Record<string, unknown> = {}) => ({
  itemLabel: 'Assets',
  workerLabel: 'Crew',
  hideWorkers: true,
  thingHeaders: ['label', 'label'],
  importSettings: {
    requireZone: true,
    importMappings: [{ name: 'Default', headerAssetFields: { A: 'name' } }],
  },
  ...overrides,
});

describe('orgsettings', () => {
  it('reads defaults, then saves and reads back the whole settings record', async () => {
    const t = await makeTenant(app);
    const first = await t.viewer.request('GET', url(t.site.id));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULT_SITE_SETTINGS);

    const kits = await makeCategory(t.org.id);
    const saved = await t.admin.request('POST', url(t.site.id), settings({ parentCategories: [kits, kits] }));
    expect(saved.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_SITE_SETTINGS,
      itemLabel: 'Assets',
      workerLabel: 'Crew',
      hideWorkers: true,
      parentCategories: [kits],
      thingHeaders: ['label'],
      importSettings: {
        importMappings: [{ name: 'Default', headerAssetFields: { A: 'name' } }],
        requireZone: true,
        generatePrefixTag: false,
        prefixedTagDupCheck: false,
      },
    };
    expect(saved.json()).toEqual(expected);
    expect((await t.viewer.request('GET', url(t.site.id))).json()).toEqual(expected);

    // Settings are per site: another site keeps its defaults.
    const other = await makeSite(app, t.org.id);
    expect((await t.admin.request('GET', url(other.id))).json()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('rejects invalid input with 400 and stores nothing', async () => {
    const t = await makeTenant(app);
    const foreign = await makeCategory((await makeTenant(app)).org.id);
    const missing = await t.admin.request('GET', '/api/orgsettings');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/site is required/);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ parentCategories: [foreign] }, /unknown category/],
      [{ parentCategories: ['nope'] }, /24-character hex id/],
      [{ hideWorkers: 'yes' }, /hideWorkers/],
      [{ itemLabel: 'x'.repeat(51) }, /itemLabel/],
    ];
    for (const [patch, message] of cases) {
      const res = await t.admin.request('POST', url(t.site.id), settings(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (await t.admin.request('POST', url(t.site.id), settings({ parentCategories: [foreign] }))).json(),
    ).toEqual({
      message: SETTINGS_MSG.unknownParentCategory(foreign),
      errors: [{ path: 'parentCategories.0', message: SETTINGS_MSG.unknownParentCategory(foreign) }],
    });
    expect((await t.admin.request('GET', url(t.site.id))).json()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('requires authentication', async () => {
    const t = await makeTenant(app);
    expect((await anonymous(app).request('GET', url(t.site.id))).statusCode).toBe(401);
    expect((await anonymous(app).request('POST', url(t.site.id), settings())).statusCode).toBe(401);
  });

  it('needs modify on settings to save (403)', async () => {
    const t = await makeTenant(app);
    for (const client of [t.manager, t.operator, t.viewer]) {
      expect((await client.request('POST', url(t.site.id), settings())).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', url(t.site.id))).json()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("hides another organization's site and sites outside the caller's (404)", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    expect((await a.admin.request('GET', url(b.site.id))).statusCode).toBe(404);
    expect((await a.admin.request('POST', url(b.site.id), settings())).statusCode).toBe(404);
    expect((await b.admin.request('GET', url(b.site.id))).json()).toEqual(DEFAULT_SITE_SETTINGS);

    const elsewhere = await makeSite(app, a.org.id);
    const limited = await makeUser(app, a.org.id, { role: 'admin', sites: [a.site.id] });
    const client = await login(app, limited.username);
    expect((await client.request('GET', url(elsewhere.id))).statusCode).toBe(404);
    expect((await client.request('POST', url(elsewhere.id), settings())).statusCode).toBe(404);
    expect((await client.request('GET', url(a.site.id))).statusCode).toBe(200);
  });
});
