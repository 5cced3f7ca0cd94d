import { describe, expect, it } from 'vitest';
import { type Client, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();
const names = (res: { json(): { name: string }[] }) =>
  res
    .json()
    .map((x) => x.name)
    .sort();

async function thing(client: Client, body: object) {
  const res = await client.request('POST', '/api/things', body);
  expect(res.statusCode).toBe(200);
  return res.json();
}

// The Tag Data Standard's SGTIN-96 example (filter 3) and the same GTIN and serial with filter 1.
const SGTIN = '3074257BF7194E4000001A85';
const SGTIN_FILTER_1 = '3034257BF7194E4000001A85';
const OTHER_SERIAL = '3074257BF7194E4000001A86';
const TID = 'E2801160600002084F2A2D4B';

describe('things search by EPC identity', () => {
  it('finds a thing by its GTIN, its pure identity URI, its Digital Link and its hex', async () => {
    const t = await makeTenant(app);
    const site = t.site.id;
    await thing(t.admin, { name: 'Carton', site, tag1: SGTIN });
    await thing(t.admin, { name: 'Carton filter 1', site, tags: [SGTIN_FILTER_1] });
    await thing(t.admin, { name: 'Next carton', site, tag2: OTHER_SERIAL });
    await thing(t.admin, { name: 'Badge', site, tag1: TID });
    await thing(t.admin, { name: 'Label 80614141123458', site });
    const search = async (param: string, term: string) => {
      const res = await t.viewer.request(
        'GET',
        `/api/things?site=${site}&${param}=${encodeURIComponent(term)}`,
      );
      expect(res.statusCode).toBe(200);
      return names(res);
    };

    for (const param of ['search', 'search2']) {
      expect(await search(param, 'urn:epc:id:sgtin:0614141.812345.6789')).toEqual([
        'Carton',
        'Carton filter 1',
      ]);
      expect(await search(param, 'https://id.gs1.org/01/80614141123458/21/6789')).toEqual([
        'Carton',
        'Carton filter 1',
      ]);
      // The GTIN: every serial of it, and the thing whose text holds the number.
      expect(await search(param, '80614141123458')).toEqual([
        'Carton',
        'Carton filter 1',
        'Label 80614141123458',
        'Next carton',
      ]);
      expect(await search(param, `urn:epc:raw:96.x${TID}`)).toEqual(['Badge']);
    }
    // The hex, whole (search matches whole words, the last one also by its beginning).
    expect(await search('search', OTHER_SERIAL)).toEqual(['Next carton']);
    // Another organization's things never.
    const other = await makeTenant(app);
    const res = await other.viewer.request('GET', `/api/things?site=${other.site.id}&search=80614141123458`);
    expect(res.json()).toEqual([]);
  });
});
