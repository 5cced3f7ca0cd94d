import { createHash } from 'node:crypto';
import { IMAGE_MSG, THINGS_CATEGORY } from '@sightline/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makePhoto,
  makeSite,
  makeTenant,
  makeThing,
  makeUser,
  uploadPhotos,
} from '../../../test/factories.js';

const app = await makeApp();

describe('POST api/images', () => {
  it('stores a photo with EXIF: timestamp, GPS, orientation, device; serves original, thumb and mini', async () => {
    const t = await makeTenant(app);
    const photo = await makePhoto({
      width: 800,
      height: 400,
      make: 'Canon',
      model: 'EOS R5',
      taken: '2024:05:06 07:08:09',
      gps: [-0.125, 51.5],
      orientation: 6,
    });
    const res = await uploadPhotos(t.operator, t.site.id, [
      { name: 'tags', value: 'damage' },
      { name: 'tags', value: 'arrival' },
      { name: 'file', file: photo, filename: '../../etc/passwd\u0001.jpg', type: 'text/plain' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [image] = res.json();
    expect(image.timestamp).toBe('2024-05-06T07:08:09.000Z');
    expect(image.location.coordinates[0]).toBeCloseTo(-0.125, 4);
    expect(image.location.coordinates[1]).toBeCloseTo(51.5, 4);
    expect(image.exif_data).toEqual({ orientation: { value: 6 }, make: 'Canon', model: 'EOS R5' });
    // upright size (orientation 6 turns 800x400 into 400x800)
    expect(image.cloud_photos).toEqual({ bytes: photo.length, sizeX: 400, sizeY: 800, format: 'jpeg' });
    expect(image.sha256).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(image.fileName).toBe('passwd.jpg');
    expect(image.tags).toEqual(['damage', 'arrival']);
    expect(image.uploader).toBe(t.operator.userId);
    expect(image.site).toBe(t.site.id);

    const original = await t.viewer.request('GET', `/api/images/${image.id}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('no-store');
    expect(original.rawPayload.equals(photo)).toBe(true);
    const again = await t.viewer.request('GET', `/api/images/${image.id}`, undefined, {
      'if-none-match': String(original.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const range = await t.viewer.request('GET', `/api/images/${image.id}`, undefined, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${photo.length}`);
    expect(range.rawPayload.equals(photo.subarray(0, 10))).toBe(true);
    const download = await t.viewer.request('GET', `/api/images/${image.id}?download=true`);
    expect(download.headers['content-disposition']).toBe('attachment; filename="passwd.jpg"');

    const thumb = await t.viewer.request('GET', `/api/images/${image.id}/thumb`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers.etag).toBeTruthy();
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.format).toBe('webp');
    // auto-oriented: portrait, 320 px on the long side
    expect([thumbMeta.width, thumbMeta.height]).toEqual([160, 320]);
    const mini = await sharp(
      (await t.viewer.request('GET', `/api/images/${image.id}/mini`)).rawPayload,
    ).metadata();
    expect([mini.width, mini.height]).toEqual([32, 64]);

    const meta = await t.viewer.request('GET', `/api/images/${image.id}/meta`);
    expect(meta.json()).toEqual(image);
  });

  it('takes several files, PNG and WebP, and uses the upload time without EXIF; 0,0 is no location', async () => {
    const t = await makeTenant(app);
    const before = Date.now();
    const res = await uploadPhotos(t.admin, t.site.id, [
      { name: 'file', file: await makePhoto({ format: 'png' }), filename: 'a.png' },
      { name: 'file', file: await makePhoto({ format: 'webp' }), filename: 'b.webp' },
      { name: 'file', file: await makePhoto({ format: 'gif', width: 30, height: 20 }), filename: 'c.gif' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.map((i: { cloud_photos: { format: string } }) => i.cloud_photos.format)).toEqual([
      'png',
      'webp',
      'gif',
    ]);
    for (const image of list) {
      expect(new Date(image.timestamp).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(image.location.coordinates).toEqual([0, 0]);
      expect(image.exif_data.orientation.value).toBe(1);
    }
    const thumb = await sharp(
      (await t.admin.request('GET', `/api/images/${list[2].id}/thumb`)).rawPayload,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([30, 20]); // never enlarged
  });

  it('refuses what is not an image (400) and keeps nothing, also the good files of the same request', async () => {
    const t = await makeTenant(app);
    const res = await uploadPhotos(t.admin, t.site.id, [
      { name: 'file', file: await makePhoto(), filename: 'good.jpg' },
      { name: 'file', file: Buffer.from('just some text, not a photo'), filename: 'photo.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_MSG.notImage);
    const list = await t.admin.request('GET', `/api/images?site=${t.site.id}`);
    expect(list.headers['x-total-count']).toBe('0');

    // A JPEG's first bytes and then nothing of one: its decode starts early and fails, still a 400.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a photo')]);
    const fakeJpeg = await uploadPhotos(t.admin, t.site.id, [
      { name: 'file', file: fake, filename: 'fake.jpg' },
    ]);
    expect(fakeJpeg.statusCode).toBe(400);
    expect(fakeJpeg.json().message).toBe(IMAGE_MSG.notImage);

    const none = await uploadPhotos(t.admin, t.site.id, [{ name: 'tags', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(IMAGE_MSG.fileRequired);
    const json = await t.admin.request('POST', `/api/images?site=${t.site.id}`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    const badField = await uploadPhotos(t.admin, t.site.id, [
      { name: 'categories', value: 'not-an-id' },
      { name: 'file', file: await makePhoto(), filename: 'a.jpg' },
    ]);
    expect(badField.statusCode).toBe(400);
    const proto = await uploadPhotos(t.admin, t.site.id, [
      { name: '__proto__', value: 'x' },
      { name: 'constructor', value: 'y' },
      { name: 'file', file: await makePhoto(), filename: 'a.jpg' },
    ]);
    expect(proto.statusCode).toBe(400); // the multipart parser refuses prototype-poisoning names
    const nul = await uploadPhotos(t.admin, t.site.id, [
      { name: 'tags', value: 'a\u0000b' },
      { name: 'file', file: await makePhoto(), filename: 'a.jpg' },
    ]);
    expect(nul.statusCode).toBe(400);
    const noSite = await uploadPhotos(t.admin, 'nope', [
      { name: 'file', file: await makePhoto(), filename: 'a.jpg' },
    ]);
    expect(noSite.statusCode).toBe(400);
    expect((await t.admin.request('GET', `/api/images?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
  });

  it('answers 413 over 30 MB and over 100 megapixels', async () => {
    const t = await makeTenant(app);
    const big = Buffer.concat([await makePhoto(), Buffer.alloc(31 * 1024 * 1024)]);
    const res = await uploadPhotos(t.admin, t.site.id, [{ name: 'file', file: big, filename: 'big.jpg' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMAGE_MSG.tooLarge);

    // A PNG whose header claims 20000 x 20000 pixels (400 MP): refused before decoding.
    const png = Buffer.from(await makePhoto({ format: 'png', width: 10, height: 10 }));
    png.writeUInt32BE(20000, 16);
    png.writeUInt32BE(20000, 20);
    const huge = await uploadPhotos(t.admin, t.site.id, [{ name: 'file', file: png, filename: 'huge.png' }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(IMAGE_MSG.tooManyPixels);
    expect((await t.admin.request('GET', `/api/images?site=${t.site.id}`)).headers['x-total-count']).toBe(
      '0',
    );
  });

  it('adds the photo to the thing and files it under the auto-created Things category', async () => {
    const t = await makeTenant(app);
    const thing = await makeThing(app.ctx.db, t.org.id, t.site.id);
    const upload = () =>
      uploadPhotos(t.operator, t.site.id, [
        { name: 'thing', value: thing.id },
        { name: 'category', value: THINGS_CATEGORY },
        { name: 'file', file: Buffer.from([]), filename: 'x' },
      ]);
    expect((await upload()).statusCode).toBe(400); // an empty file is no image
    const res = await uploadPhotos(t.operator, t.site.id, [
      { name: 'file', file: await makePhoto(), filename: 'kit.jpg' },
      { name: 'thing', value: thing.id },
      { name: 'category', value: THINGS_CATEGORY },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [image] = res.json();
    expect(image.categories).toEqual([{ id: expect.any(String), name: THINGS_CATEGORY }]);
    const saved = (await t.operator.request('GET', `/api/things/${thing.id}`)).json();
    expect(saved.photo).toEqual([image.id]);
    // a second upload reuses the category and appends
    const second = (
      await uploadPhotos(t.operator, t.site.id, [
        { name: 'file', file: await makePhoto(), filename: 'kit2.jpg' },
        { name: 'thing', value: thing.id },
        { name: 'category', value: THINGS_CATEGORY },
      ])
    ).json()[0];
    expect(second.categories[0].id).toBe(image.categories[0].id);
    expect((await t.operator.request('GET', `/api/things/${thing.id}`)).json().photo).toEqual([
      image.id,
      second.id,
    ]);

    // an operator may not invent other categories; an admin may
    const other = await uploadPhotos(t.operator, t.site.id, [
      { name: 'file', file: await makePhoto(), filename: 'a.jpg' },
      { name: 'category', value: 'Invented' },
    ]);
    expect(other.statusCode).toBe(403);
    const byAdmin = await uploadPhotos(t.admin, t.site.id, [
      { name: 'file', file: await makePhoto(), filename: 'a.jpg' },
      { name: 'category', value: 'Invented' },
    ]);
    expect(byAdmin.json()[0].categories[0].name).toBe('Invented');

    // deleting the photo takes it out of the thing
    expect((await t.manager.request('DELETE', `/api/images/${image.id}`)).statusCode).toBe(204);
    expect((await t.operator.request('GET', `/api/things/${thing.id}`)).json().photo).toEqual([second.id]);
    expect((await t.manager.request('GET', `/api/images/${image.id}/thumb`)).statusCode).toBe(404);
  });

  it('needs authentication and create on images; other organizations and sites are 404', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const photo = await makePhoto();
    const part = [{ name: 'file', file: photo, filename: 'a.jpg' }];
    expect((await uploadPhotos(anonymous(app), t.site.id, part)).statusCode).toBe(401);
    expect((await uploadPhotos(t.viewer, t.site.id, part)).statusCode).toBe(403);
    expect((await uploadPhotos(other.admin, t.site.id, part)).statusCode).toBe(404);
    const otherThing = await makeThing(app.ctx.db, other.org.id, other.site.id);
    const foreignThing = await uploadPhotos(t.admin, t.site.id, [
      ...part,
      { name: 'thing', value: otherThing.id },
    ]);
    expect(foreignThing.statusCode).toBe(400);
    expect(foreignThing.json().message).toBe(IMAGE_MSG.unknownThing);

    const site2 = await makeSite(app, t.org.id);
    const limited = await makeUser(app, t.org.id, { role: 'operator', sites: [t.site.id] });
    const client = await login(app, limited.username);
    expect((await uploadPhotos(client, site2.id, part)).statusCode).toBe(404);
    const [image] = (await uploadPhotos(t.admin, site2.id, part)).json();
    for (const path of ['', '/thumb', '/mini', '/meta'])
      expect((await client.request('GET', `/api/images/${image.id}${path}`)).statusCode).toBe(404);
    expect((await other.admin.request('GET', `/api/images/${image.id}`)).statusCode).toBe(404);
    expect((await anonymous(app).request('GET', `/api/images/${image.id}/thumb`)).statusCode).toBe(401);
  });
});
