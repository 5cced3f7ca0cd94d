/**
 * Uploads are spooled to a temporary file while they stream in (never whole in memory), hashed on
 * the way; the caller inspects the head and the file, then hands it to storage or drops it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../ids.js';

/** An uploaded file's stream; `truncated` is set when it went over the size limit. */
export type Upload = Readable & { truncated?: boolean };

export interface Spooled {
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
const HEAD_BYTES = 4096;

/** Creates the spool file; the folder is made only when missing (one system call less per upload). */
async function create(file: string) {
  try {
    return await open(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(spoolDir, { recursive: true });
    return open(file, 'wx');
  }
}

export async function spoolUpload(upload: Upload): Promise<Spooled> {
  const file = path.join(spoolDir, `${Date.now()}-${randomToken(8)}.part`);
  const hash = createHash('sha256');
  let bytes = 0;
  // The head is kept from the stream as it passes: no second read of the file for it.
  const head = Buffer.alloc(HEAD_BYTES);
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      if (bytes < HEAD_BYTES) chunk.copy(head, bytes, 0, HEAD_BYTES - bytes);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    const handle = await create(file);
    await pipeline(upload, meter, handle.createWriteStream());
    return {
      file,
      bytes,
      sha256: hash.digest('hex'),
      head: head.subarray(0, Math.min(bytes, HEAD_BYTES)),
      truncated: Boolean(upload.truncated),
      open: () => createReadStream(file),
      remove: () => rm(file, { force: true }),
    };
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}
