/**
 * Floor plans built to hurt whoever opens the map: every viewer's browser decodes the image, so a
 * raster that declares billions of pixels and an SVG whose entities multiply are refused before
 * they are stored; a body of more than its one part is a 413.
 */
import { MAP_MSG, UPLOAD_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  imageBomb,
  makeApp,
  makePhoto,
  makeTenant,
  multipartBody,
  type Part,
} from '../../../test/factories.js';

const app = await makeApp();

describe('PUT api/maps/{id}/image refuses bombs', () => {
  it('pixel bombs (413), entity bombs (400) and extra parts (413); the map keeps no image', async () => {
    const t = await makeTenant(app);
    const map = (await t.admin.request('POST', '/api/maps', { name: 'Plan', site: t.site.id })).json();
    const put = (parts: Part[]) => {
      const { body, headers } = multipartBody(parts);
      return t.admin.request('PUT', `/api/maps/${map._id}/image`, body, headers);
    };
    const plan = await makePhoto({ format: 'png', width: 20, height: 10 });
    const cases: [string, Part[], number, string][] = [
      ['png', [{ name: 'file', file: imageBomb.pngPixels(), filename: 'p.png' }], 413, MAP_MSG.tooManyPixels],
      [
        'jpeg',
        [{ name: 'file', file: await imageBomb.jpegPixels(), filename: 'p.jpg' }],
        413,
        MAP_MSG.tooManyPixels,
      ],
      [
        'svg',
        [{ name: 'file', file: imageBomb.svgEntities(), filename: 'p.svg' }],
        400,
        MAP_MSG.badImageType,
      ],
      [
        'two files',
        [
          { name: 'file', file: plan, filename: 'a.png' },
          { name: 'file', file: plan, filename: 'b.png' },
        ],
        413,
        UPLOAD_MSG.tooManyParts(1),
      ],
      [
        'a field after the file',
        [
          { name: 'file', file: plan, filename: 'a.png' },
          ...Array.from({ length: 5000 }, () => ({ name: 'x', value: 'y' })),
        ],
        413,
        UPLOAD_MSG.tooManyParts(1),
      ],
      ['a field only', [{ name: 'x', value: 'y' }], 413, UPLOAD_MSG.tooManyFields(0)],
    ];
    for (const [what, parts, status, message] of cases) {
      const res = await put(parts);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toBe(message);
    }
    expect((await t.admin.request('GET', `/api/maps/${map._id}`)).json().image).toBe('');
    // An ordinary plan still goes in.
    expect((await put([{ name: 'file', file: plan, filename: 'a.png' }])).statusCode).toBe(200);
  });
});
