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

  async function stored(key: string) {
    const object = await statOf(key);
    if (!object) throw new Error(`stored object vanished: ${key}`);
    return object;
  }

  /** Runs `write`; when the folder is missing, makes it and runs `write` again (saves a call per put). */
  async function inFolder(target: string, write: () => Promise<void>) {
    try {
      await write();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(path.dirname(target), { recursive: true });
      await write();
    }
  }

  const storage: Storage = {
    describe: () => `folder ${root}`,
    async put(key, body) {
      const target = file(key);
      // Write beside the target, then rename: a reader never sees half a file.
      const tmp = `${target}.${randomToken(6)}.part`;
      try {
        if (Buffer.isBuffer(body)) await inFolder(target, () => writeFile(tmp, body));
        else {
          // A stream cannot be written twice: make the folder first.
          await mkdir(path.dirname(target), { recursive: true });
          await pipeline(body, createWriteStream(tmp));
        }
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return stored(key);
    },
    async putFile(key, source, contentType) {
      const target = file(key);
      try {
        await inFolder(target, () => rename(source, target));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another filesystem: copy (beside the target, then renamed), then drop the source.
        await storage.put(key, createReadStream(source), contentType);
        await rm(source, { force: true });
      }
      return stored(key);
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
  return storage;
}
