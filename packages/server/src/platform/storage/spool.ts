/**
 * Uploads are spooled to a temporary file while they stream in (never whole in memory), hashed on
 * the way; the caller inspects the head and the file, then hands it to storage or drops it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../ids.js';

/** An uploaded file's stream; `truncated` is set when it went over the size limit. */
export type Upload = Readable & { truncated?: boolean };

interface Spooled {
  file: string;
  bytes: number;
  sha256: string;
  /** The first 4 KiB, for sniffing the type. */
  head: Buffer;
  truncated: boolean;
  open(): Readable;
  remove(): Promise<void>;
}

const spoolDir = path.join(os.tmpdir(), 'sightline-uploads');

export async function spoolUpload(upload: Upload): Promise<Spooled> {
  await mkdir(spoolDir, { recursive: true });
  const file = path.join(spoolDir, `${Date.now()}-${randomToken(8)}.part`);
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(upload, meter, createWriteStream(file));
    const handle = await open(file, 'r');
    let head: Buffer;
    try {
      const buffer = Buffer.alloc(4096);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    return {
      file,
      bytes,
      sha256: hash.digest('hex'),
      head,
      truncated: Boolean(upload.truncated),
      open: () => createReadStream(file),
      remove: () => rm(file, { force: true }),
    };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}
