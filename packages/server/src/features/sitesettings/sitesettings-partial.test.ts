/** Site settings: unknown fields are a 400, and fields not sent keep their stored values. */
import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();
const url = (site: string) => `/api/orgsettings?site=${site}`;

describe('POST orgsettings with a partial body', () => {
  it('refuses unknown fields (400) and changes nothing', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', url(t.site.id), { itemLabel: 'Assets', hideWorkers: true });
    for (const body of [
      { bogus: 1 },
      { itemLabel: 'X', __proto__x: 1 },
      { importSettings: { nope: true } },
    ]) {
      const res = await t.admin.request('POST', url(t.site.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const stored = (await t.admin.request('GET', url(t.site.id))).json();
    expect(stored).toMatchObject({ itemLabel: 'Assets', hideWorkers: true });
  });

  it('keeps the fields it does not send, nested import settings too', async () => {
    const t = await makeTenant(app);
    const full = await t.admin.request('POST', url(t.site.id), {
      itemLabel: 'Assets',
      workerLabel: 'Crew',
      hideWorkers: true,
      importSettings: {
        requireZone: true,
        importMappings: [{ name: 'M', headerAssetFields: { A: 'name' } }],
      },
    });
    expect(full.statusCode).toBe(200);
    const partial = await t.admin.request('POST', url(t.site.id), {
      workerLabel: 'Staff',
      importSettings: { generatePrefixTag: true },
    });
    expect(partial.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_SITE_SETTINGS,
      itemLabel: 'Assets',
      workerLabel: 'Staff',
      hideWorkers: true,
      importSettings: {
        ...DEFAULT_SITE_SETTINGS.importSettings,
        requireZone: true,
        generatePrefixTag: true,
        importMappings: [{ name: 'M', headerAssetFields: { A: 'name' } }],
      },
    };
    expect(partial.json()).toEqual(expected);
    expect((await t.admin.request('GET', url(t.site.id))).json()).toEqual(expected);
  });
});
