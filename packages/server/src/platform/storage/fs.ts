/** The filesystem driver: objects are files under a root folder (the data folder by default). */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../ids.js';
import { type ByteRange, checkKey, type Storage, type StoredObject } from './index.js';

export function createFsStorage(root: string): Storage {
  const file = (key: string) => path.join(root, ...checkKey(key).split('/'));

  async function statOf(key: string): Promise<StoredObject | undefined> {
    try {
      const s = await stat(file(key));
      if (!s.isFile()) return undefined;
      return { size: s.size, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  return {
    describe: () => `folder ${root}`,
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target, then rename: a reader never sees half a file.
      const tmp = `${target}.${randomToken(6)}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
      const stored = await statOf(key);
      if (!stored) throw new Error(`stored object vanished: ${key}`);
      return stored;
    },
    async get(key, range?: ByteRange) {
      const object = await statOf(key);
      if (!object) return undefined;
      const stream: Readable = createReadStream(
        file(key),
        range ? { start: range.start, end: range.end } : {},
      );
      return { stream, object };
    },
    stat: statOf,
    exists: async (key) => (await statOf(key)) !== undefined,
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
