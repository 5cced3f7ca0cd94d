import { IMPORT_BATCH_SIZE, type ImportPlanRow, type ImportResultRow } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  ASSET_SHEET_MAPPING,
  assetSheetRows,
  existingAssetTag,
  makeApp,
  makeTenant,
  makeThing,
  makeXlsx,
  multipartFile,
} from '../../../test/factories.js';

const app = await makeApp();
const PREFIX = 'ABCD';
const EXISTING = 40;

const expectedStatus = (plan: ImportPlanRow) =>
  plan.action === 'new' ? 'complete' : plan.action === 'error' ? plan.message : 'complete duplicate';

describe('importing a 10,000-row sheet', () => {
  it('with duplicates, prefixes and a formula cell: the preview matches the result', {
    timeout: 300_000,
  }, async () => {
    const t = await makeTenant(app);
    for (let k = 0; k < EXISTING; k++)
      await makeThing(app.ctx.db, t.org.id, t.site.id, {
        tag: PREFIX + existingAssetTag(k),
        name: `Existing ${k}`,
      });
    const settings = (await t.admin.request('GET', `/api/orgsettings?site=${t.site.id}`)).json();
    settings.orgTagPrefix = PREFIX;
    settings.importSettings = {
      ...settings.importSettings,
      generatePrefixTag: true,
      prefixedTagDupCheck: true,
    };
    await t.admin.request('POST', `/api/orgsettings?site=${t.site.id}`, settings);

    const { payload, headers } = multipartFile(
      await makeXlsx(assetSheetRows(10_000, EXISTING)),
      'assets.xlsx',
    );
    const sheet = await t.manager.request('POST', `/api/import/sheet?site=${t.site.id}`, payload, headers);
    expect(sheet.statusCode).toBe(200);
    const { headers: names, rows } = sheet.json();
    expect(rows).toHaveLength(10_000);
    expect(rows[0].cells[0]).toBe('Formula asset');

    const request = { mapping: ASSET_SHEET_MAPPING, headers: names };
    const previewRes = await t.manager.request('POST', `/api/import/preview?site=${t.site.id}`, {
      ...request,
      rows,
    });
    expect(previewRes.statusCode).toBe(200);
    const preview = previewRes.json();
    // 300 rows name 30 distinct existing items (30 updates, 270 repeats), 200 rows repeat an
    // earlier row's tag, 20 rows have a tag that is not hex, 100 rows have none (generated).
    expect(preview.counts).toEqual({ new: 9_480, update: 30, duplicate: 470, error: 20 });
    expect(preview.rows[99]).toMatchObject({ action: 'new', tags: [`${PREFIX}00000000000000000001`] });
    expect(preview.rows[24]).toMatchObject({ action: 'update', tags: [PREFIX + existingAssetTag(1)] });
    expect(preview.rows[0]).toMatchObject({
      action: 'new',
      name: 'Formula asset',
      tags: [`${PREFIX}00000001`],
    });

    const results: ImportResultRow[] = [];
    const created: string[] = [];
    for (let i = 0; i < rows.length; i += IMPORT_BATCH_SIZE) {
      const res = await t.manager.request('POST', `/api/import/rows?site=${t.site.id}`, {
        ...request,
        rows: rows.slice(i, i + IMPORT_BATCH_SIZE),
      });
      expect(res.statusCode).toBe(200);
      results.push(...res.json().rows);
      created.push(...res.json().createdCategories);
    }
    expect(results.map((r) => r.status)).toEqual(preview.rows.map(expectedStatus));
    expect(created.sort()).toEqual(['Carts', 'Power', 'Safety', 'Spares', 'Tools']);
    const list = await t.viewer.request('GET', `/api/things?site=${t.site.id}&limit=1`);
    expect(list.headers['x-total-count']).toBe(String(EXISTING + preview.counts.new));
    const [generated] = (
      await t.viewer.request('GET', `/api/things?site=${t.site.id}&tags=${PREFIX}00000000000000000050`)
    ).json();
    expect(generated).toMatchObject({ name: 'Asset 9900', serial: 'SN-9900' });
  });
});
