/**
 * The built console's delivery: the build's own precompress script run on a small
 * dist folder, then served by the app — the encoding the request accepts, Vary, and caching.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../test/factories.js';
import type { App } from './context.js';

const precompress = path.resolve(import.meta.dirname, '../../../web/scripts/precompress.mjs');
const dist = mkdtempSync(path.join(tmpdir(), 'sightline-web-'));
const script = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word${i}"`).join(',')}];\n`;
const html = `<!doctype html><html><head><title>Sightline</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
let app: App;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dist, 'assets/tiny-Ef56Gh78.js'), 'export {};\n');
  execFileSync(process.execPath, [precompress, dist]);
  app = await makeApp({ webDist: dist });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressed console', () => {
  it('the build writes a brotli and a gzip copy of each text file, not of tiny ones', () => {
    const js = path.join(dist, 'assets/index-Ab12Cd34.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 4);
    expect(() => readFileSync(path.join(dist, 'assets/tiny-Ef56Gh78.js.br'))).toThrow();
  });

  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
    const tiny = await get('/assets/tiny-Ef56Gh78.js');
    expect(tiny.body).toBe('export {};\n');
  });

  it('revalidates index.html on every load, at / and for a client route', async () => {
    for (const url of ['/', '/index.html', '/items?site=x']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('keeps the console cacheable while API answers beside it are never stored', async () => {
    expect((await get('/assets/index-Ab12Cd34.js')).headers['cache-control']).toMatch(/^public/);
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a missing asset, not the page', async () => {
    const res = await get('/assets/missing-00000000.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});
