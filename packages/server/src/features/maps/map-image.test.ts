import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonymous, type Client, makeApp, makeTenant } from '../../../test/factories.js';
import { dataRoot } from '../../config.js';

const app = await makeApp();
const dir = path.join(dataRoot(app.ctx.config), 'maps');

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';

function multipart(file: Buffer | string, filename: string, type: string) {
  const boundary = `----sightline${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(client: Client, id: string, file: Buffer | string, filename: string, type: string) {
  const { body, headers } = multipart(file, filename, type);
  return client.request('PUT', `/api/maps/${id}/image`, body, headers);
}

async function newMap(t: Awaited<ReturnType<typeof makeTenant>>) {
  return (await t.admin.request('POST', '/api/maps', { name: 'Plan', site: t.site.id })).json();
}

describe('map images', () => {
  it('uploads a PNG, serves it, then replaces it with an SVG', async () => {
    const t = await makeTenant(app);
    const map = await newMap(t);
    const res = await upload(t.manager, map._id, PNG, 'plan.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toBe(`/api/maps/${map._id}/image`);
    expect((await t.viewer.request('GET', `/api/maps/${map._id}`)).json().image).toBe(
      `/api/maps/${map._id}/image`,
    );

    const image = await t.viewer.request('GET', `/api/maps/${map._id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const again = await t.viewer.request('GET', `/api/maps/${map._id}/image`, undefined, {
      'if-none-match': String(image.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    // the client's claimed type does not matter: the bytes decide
    expect((await upload(t.admin, map._id, SVG, 'plan.bin', 'application/octet-stream')).statusCode).toBe(
      200,
    );
    const svg = await t.viewer.request('GET', `/api/maps/${map._id}/image`);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(svg.body).toBe(SVG);
    expect(existsSync(path.join(dir, `${map._id}.png`))).toBe(false);
    expect(existsSync(path.join(dir, `${map._id}.svg`))).toBe(true);

    expect((await t.admin.request('DELETE', `/api/maps/${map._id}`)).statusCode).toBe(204);
    expect(existsSync(path.join(dir, `${map._id}.svg`))).toBe(false);
  });

  it('accepts images larger than the 1 MB JSON body limit', async () => {
    const t = await makeTenant(app);
    const map = await newMap(t);
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect((await upload(t.admin, map._id, large, 'large.png', 'image/png')).statusCode).toBe(200);
    const image = await t.viewer.request('GET', `/api/maps/${map._id}/image`);
    expect(image.rawPayload.length).toBe(large.length);
  });

  it('refuses files that are not images, no file, and files over 30 MB', async () => {
    const t = await makeTenant(app);
    const map = await newMap(t);
    const html = await upload(
      t.admin,
      map._id,
      '<html><script>alert(1)</script></html>',
      'x.svg',
      'image/svg+xml',
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toMatch(/Only PNG, JPEG, SVG and WebP/);
    const json = await t.admin.request('PUT', `/api/maps/${map._id}/image`, { image: 'x' });
    expect(json.statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(30 * 1024 * 1024)]);
    const tooBig = await upload(t.admin, map._id, big, 'big.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The image is larger than 30 MB');
    expect((await t.admin.request('GET', `/api/maps/${map._id}`)).json().image).toBe('');
    expect((await t.admin.request('GET', `/api/maps/${map._id}/image`)).statusCode).toBe(404);
  });

  it('needs authentication, modify on maps, and the same organization', async () => {
    const t = await makeTenant(app);
    const b = await makeTenant(app);
    const map = await newMap(t);
    await upload(t.admin, map._id, PNG, 'plan.png', 'image/png');
    const anon = anonymous(app);
    expect((await upload(anon, map._id, PNG, 'p.png', 'image/png')).statusCode).toBe(401);
    expect((await anon.request('GET', `/api/maps/${map._id}/image`)).statusCode).toBe(401);
    expect((await upload(t.viewer, map._id, PNG, 'p.png', 'image/png')).statusCode).toBe(403);
    expect((await upload(t.operator, map._id, PNG, 'p.png', 'image/png')).statusCode).toBe(403);
    expect((await upload(b.admin, map._id, PNG, 'p.png', 'image/png')).statusCode).toBe(404);
    expect((await b.admin.request('GET', `/api/maps/${map._id}/image`)).statusCode).toBe(404);
  });
});
