import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { EventStreams } from './event-streams.js';
import type { LiveBus } from './live.js';
import type { MailQueue } from './mail-queue.js';
import type { Storage } from './storage/index.js';

/** What every feature gets: the database, the configuration and the platform services. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Mail: queued on the job queue when it runs, else sent at once. */
  mailer: MailQueue;
  live: LiveBus;
  /** Open Server-Sent Event streams: caps, and the recheck that ends revoked ones. */
  streams: EventStreams;
  /** Photos and map images (data folder or S3). */
  storage: Storage;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
