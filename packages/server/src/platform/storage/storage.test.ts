import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { makeS3Server } from '../../../test/factories/s3.factory.js';
import { testConfig } from '../../config.js';
import { createFsStorage } from './fs.js';
import { checkKey, createStorage, parseRange, parseStorageUrl, type Storage } from './index.js';
import { createS3Storage } from './s3.js';

const s3 = await makeS3Server();

const drivers: [string, () => Storage][] = [
  ['filesystem', () => createFsStorage(mkdtempSync(path.join(os.tmpdir(), 'storage-test-')))],
  [
    's3 (s3rver)',
    () =>
      createS3Storage({
        bucket: s3.bucket,
        prefix: `t${Date.now()}`,
        endpoint: s3.endpoint,
        credentials: s3.credentials,
      }),
  ],
];

describe.each(drivers)('%s storage driver', (_name, make) => {
  it('puts a stream, reads it whole and by range, stats, deletes', async () => {
    const storage = make();
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
    const put = await storage.put(
      'images/org/abc',
      Readable.from([bytes.subarray(0, 60_000), bytes.subarray(60_000)]),
    );
    expect(put.size).toBe(bytes.length);
    expect(put.etag).toMatch(/^".+"$/);
    expect(await storage.exists('images/org/abc')).toBe(true);
    expect((await storage.stat('images/org/abc'))?.size).toBe(bytes.length);

    const whole = await storage.get('images/org/abc');
    expect(whole?.object.size).toBe(bytes.length);
    expect((await buffer(whole?.stream ?? Readable.from([]))).equals(bytes)).toBe(true);

    const part = await storage.get('images/org/abc', { start: 10, end: 19 });
    expect(part?.object.size).toBe(bytes.length);
    expect((await buffer(part?.stream ?? Readable.from([]))).equals(bytes.subarray(10, 20))).toBe(true);

    // replace with a buffer
    await storage.put('images/org/abc', Buffer.from('hello'));
    expect((await storage.stat('images/org/abc'))?.size).toBe(5);

    await storage.delete('images/org/abc');
    expect(await storage.exists('images/org/abc')).toBe(false);
    expect(await storage.get('images/org/abc')).toBeUndefined();
    expect(await storage.stat('images/org/abc')).toBeUndefined();
    await storage.delete('images/org/abc'); // absent: no error
  });

  it('streams a multi-part sized object without holding it', async () => {
    const storage = make();
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 9; i++) yield chunk;
      })(),
    );
    const put = await storage.put('big/object.bin', body);
    expect(put.size).toBe(9 * chunk.length);
    const tail = await storage.get('big/object.bin', { start: put.size - 3, end: put.size - 1 });
    expect((await buffer(tail?.stream ?? Readable.from([]))).equals(Buffer.from([7, 7, 7]))).toBe(true);
    await storage.delete('big/object.bin');
  });

  it('takes over a local file (putFile): stored whole, replacing, the source gone', async () => {
    const storage = make();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storage-source-'));
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    const source = path.join(dir, 'upload.part');
    writeFileSync(source, bytes);
    const put = await storage.putFile('photos/new-folder/one', source, 'image/jpeg');
    expect(put.size).toBe(bytes.length);
    expect(existsSync(source)).toBe(false);
    const got = await storage.get('photos/new-folder/one');
    expect((await buffer(got?.stream ?? Readable.from([]))).equals(bytes)).toBe(true);

    writeFileSync(source, 'replaced');
    expect((await storage.putFile('photos/new-folder/one', source)).size).toBe(8);
    expect(existsSync(source)).toBe(false);
    await expect(storage.putFile('photos/new-folder/two', source)).rejects.toThrow();
    expect(await storage.exists('photos/new-folder/two')).toBe(false);
    await storage.delete('photos/new-folder/one');
  });

  it('refuses path-like keys', async () => {
    const storage = make();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('a/../../b')).rejects.toThrow(/invalid storage key/);
    await expect(storage.exists('/abs')).rejects.toThrow(/invalid storage key/);
  });
});

describe('storage configuration', () => {
  it('parses STORAGE_URL and byte ranges', () => {
    expect(parseStorageUrl('s3://photos/prod/eu')).toEqual({ bucket: 'photos', prefix: 'prod/eu' });
    expect(parseStorageUrl('s3://photos')).toEqual({ bucket: 'photos', prefix: '' });
    expect(() => parseStorageUrl('https://x')).toThrow(/s3:\/\/bucket/);
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(checkKey('images/a/b.thumb.webp')).toBe('images/a/b.thumb.webp');
  });

  it('picks S3 with STORAGE_URL and the data folder without it', async () => {
    const fsStorage = createStorage(testConfig({ dataDir: '/tmp/sightline-x' }));
    expect(fsStorage.describe()).toBe('folder /tmp/sightline-x');
    const s3Storage = createStorage(
      testConfig({ storageUrl: `s3://${s3.bucket}/cfg`, s3Endpoint: s3.endpoint }),
    );
    expect(s3Storage.describe()).toBe(`s3://${s3.bucket}/cfg at ${s3.endpoint}`);
  });
});
