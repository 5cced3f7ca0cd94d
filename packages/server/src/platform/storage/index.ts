/**
 * The storage module (docs/decisions/0041-photo-storage-and-uploads.md): originals, thumbnails and
 * map images live here, in the data folder by default or in S3-compatible object storage with
 * `STORAGE_URL=s3://bucket/prefix`, so N instances on N machines see the same files. Keys are
 * relative paths such as `images/<org>/<id>`.
 */
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { dataRoot } from '../../config.js';
import { createFsStorage } from './fs.js';
import { createS3Storage } from './s3.js';

export interface StoredObject {
  /** Bytes of the whole object. */
  size: number;
  /** A strong validator for HTTP caching (quoted). */
  etag: string;
}

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Writes the whole stream (or buffer) under `key`, replacing what was there. */
  put(key: string, body: Readable | Buffer, contentType?: string): Promise<StoredObject>;
  /**
   * Stores the local file `source` under `key` and takes it over: moved where the driver can (the
   * filesystem driver renames it, no copy), else uploaded and removed.
   */
  putFile(key: string, source: string, contentType?: string): Promise<StoredObject>;
  /** The object's bytes (only `range` when given) and its size, or undefined when absent. */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; object: StoredObject } | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; absent objects are not an error. */
  delete(key: string): Promise<void>;
  /** What the storage is, for logs. */
  describe(): string;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are built by the server, never taken from a client; still, refuse anything path-like. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`invalid storage key: ${key}`);
  return key;
}

export interface S3Location {
  bucket: string;
  prefix: string;
}

/** `s3://bucket/some/prefix` → bucket and prefix (without slashes at the ends). */
export function parseStorageUrl(url: string): S3Location {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url.trim());
  if (!match?.[1]) throw new Error(`STORAGE_URL must look like s3://bucket/prefix (got ${url})`);
  return { bucket: match[1], prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

export function createStorage(config: Config): Storage {
  if (config.storageUrl)
    return createS3Storage({
      ...parseStorageUrl(config.storageUrl),
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      forcePathStyle: config.s3ForcePathStyle,
    });
  return createFsStorage(dataRoot(config));
}

/** Parses an HTTP Range header against a size: the range, 'unsatisfiable', or undefined for the whole. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined; // multi-range or garbage: send it all
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
