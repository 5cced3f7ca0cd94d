/**
 * Photos built to exhaust the server: pixel bombs in every raster format, EXIF blocks whose
 * directories loop, and multipart bodies of thousands of fields or files. Each is a 4xx that says
 * why, and nothing of the request is kept.
 */
import { IMAGE_MAX_FILES, IMAGE_MSG, UPLOAD_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { imageBomb, makeApp, makePhoto, makeTenant, uploadPhotos } from '../../../test/factories.js';

const app = await makeApp();

describe('POST api/images refuses bombs', () => {
  it('50,000 × 50,000 pixels of real PNG data, and JPEG, GIF and TIFF headers past 100 megapixels: 413', async () => {
    const t = await makeTenant(app);
    for (const [name, make] of [
      ['png', imageBomb.pngPixels],
      ['jpeg', imageBomb.jpegPixels],
      ['gif', imageBomb.gifPixels],
      ['tiff', imageBomb.tiffPixels],
    ] as const) {
      const res = await uploadPhotos(t.operator, t.site.id, [
        { name: 'file', file: await make(), filename: `bomb.${name}` },
      ]);
      expect(res.statusCode, name).toBe(413);
      expect(res.json().message).toBe(IMAGE_MSG.tooManyPixels);
    }
    expect((await t.admin.request('GET', `/api/images?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
  });

  it('an EXIF block whose directories loop, in a JPEG, a PNG or a WebP: 400 at once', async () => {
    const t = await makeTenant(app);
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const started = performance.now();
      const res = await uploadPhotos(t.operator, t.site.id, [
        { name: 'file', file: await imageBomb.exif(format), filename: `exif.${format}` },
      ]);
      expect(res.statusCode, format).toBe(400);
      expect(res.json().message).toBe(IMAGE_MSG.badExif);
      // libexif took 7 s over this block's header alone.
      expect(performance.now() - started, format).toBeLessThan(2000);
    }
    // An ordinary photo with EXIF passes the same check.
    const photo = await makePhoto({ make: 'Canon', model: 'EOS', gps: [1, 2], taken: '2024:01:02 03:04:05' });
    const ok = await uploadPhotos(t.operator, t.site.id, [{ name: 'file', file: photo, filename: 'a.jpg' }]);
    expect(ok.statusCode).toBe(200);
  });

  it('thousands of fields or files in one upload: 413 naming the limit, and no file kept', async () => {
    const t = await makeTenant(app);
    const photo = await makePhoto({ width: 16, height: 16 });
    const fields = await uploadPhotos(t.operator, t.site.id, [
      { name: 'file', file: photo, filename: 'a.jpg' },
      ...Array.from({ length: 5000 }, () => ({ name: 'tags', value: 'x' })),
    ]);
    expect(fields.statusCode).toBe(413);
    expect(fields.json().message).toBe(UPLOAD_MSG.tooManyFields(300));
    const files = await uploadPhotos(
      t.operator,
      t.site.id,
      Array.from({ length: 2000 }, (_, i) => ({ name: 'file', file: photo, filename: `${i}.jpg` })),
    );
    expect(files.statusCode).toBe(413);
    expect(files.json().message).toBe(UPLOAD_MSG.tooManyFiles(IMAGE_MAX_FILES));
    expect((await t.admin.request('GET', `/api/images?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
  });
});
