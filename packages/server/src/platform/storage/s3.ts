/**
 * The S3 driver (AWS S3, MinIO, Ceph, R2 ...): `STORAGE_URL=s3://bucket/prefix`, `S3_ENDPOINT`,
 * `S3_REGION`, `S3_FORCE_PATH_STYLE`; credentials from the SDK's usual chain (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance roles). Streams are uploaded in parts, so nothing
 * is held whole in memory.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, type S3Location, type Storage, type StoredObject } from './index.js';

interface S3Options extends S3Location {
  endpoint?: string;
  region?: string;
  forcePathStyle?: boolean;
  /** Explicit credentials (tests); otherwise the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: options.credentials,
  });
  const { bucket } = options;
  const objectKey = (key: string) => (options.prefix ? `${options.prefix}/${checkKey(key)}` : checkKey(key));

  async function statOf(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${head.ContentLength ?? 0}"` };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  const storage: Storage = {
    describe: () => `s3://${bucket}/${options.prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    async put(key, body, contentType) {
      // lib-storage sends small bodies in one PUT and large streams as a multipart upload.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      await upload.done();
      const stored = await statOf(key);
      if (!stored) throw new Error(`stored object vanished: ${key}`);
      return stored;
    },
    async putFile(key, source, contentType) {
      const object = await storage.put(key, createReadStream(source), contentType);
      await rm(source, { force: true });
      return object;
    },
    async get(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(res.Body instanceof Readable)) throw new Error('S3 body is not a Node stream');
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
        return { stream: res.Body, object: { size: total ?? 0, etag: res.ETag ?? '""' } };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    stat: statOf,
    exists: async (key) => (await statOf(key)) !== undefined,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
  return storage;
}
