/**
 * Configuration only by environment variables, read here and nowhere else (architecture.test.ts
 * checks it): the rest of the server gets a `Config`. README.md documents each variable.
 */
import os from 'node:os';
import path from 'node:path';
import { LIVE_COALESCE_MS } from './platform/live-coalesce.js';
import { type LogFormat, logFormatFromEnv } from './platform/log.js';
import { partitionsFromEnv } from './tracking/store/partitions.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL connections this instance's pool may open (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Data folder: PGlite files, outbox, maps, images, secrets. `memory` runs PGlite in memory (tests). */
  dataDir: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Outbox folder for mail when SMTP_URL is unset; see outboxDir(). Tests point it at a temp folder. */
  mailDir?: string;
  mqttUrl?: string;
  /** MQTT v5 shared-subscription group: instances in one group split the readers' messages. */
  mqttShareGroup: string;
  demo: boolean;
  logLevel: string;
  adminEmail?: string;
  adminPassword?: string;
  webhookAllowPrivate: boolean;
  /** Allow an identity provider (Okta issuer, Entra authority) on a loopback or private address. */
  ssoAllowPrivate: boolean;
  entraClientId?: string;
  entraClientSecret?: string;
  /** Entra ID authority (ENTRA_AUTHORITY); the issuer is `<authority>/<tenant>/v2.0`. Tests point it at a local provider. */
  entraAuthority: string;
  /** Window of the login rate limit; tests shorten it. */
  loginRateWindowMs: number;
  /** Where the built console lives; served at / when present. */
  webDist?: string;
  /** Run the scheduled jobs' timer (zone time exceptions, kill, inventory); tests tick by hand. */
  jobs: boolean;
  /** With the demo on: run the built-in reader simulator in-process. */
  demoSimulator: boolean;
  /**
   * Which proxies may name the client address by `X-Forwarded-For` (Fastify's trustProxy):
   * false (default: the socket's address is the client), a hop count, or addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /** `s3://bucket/prefix`: photos and map images in S3-compatible storage; the data folder without it. */
  storageUrl?: string;
  s3Endpoint?: string;
  s3Region?: string;
  /** Path-style bucket addressing (MinIO and most self-hosted servers); on by default with S3_ENDPOINT. */
  s3ForcePathStyle?: boolean;
  /** Run this instance's queue workers (pg-boss: webhook delivery, mail); off in tests unless asked for. */
  queue: boolean;
  /** Webhook request timeout (10 s); tests shorten it. */
  webhookTimeoutMs: number;
  /** First webhook retry delay; each further retry doubles it (capped at 6 h). */
  webhookRetryBaseMs: number;
  /** A delivery still failing this long after its first attempt is given up (24 h). */
  webhookRetryMaxAgeMs: number;
  /** How often an idle queue worker looks for jobs (pg-boss polling). */
  queuePollSeconds: number;
  /** The PostgreSQL schema of the job queue's tables (tests give each app its own). */
  queueSchema: string;
  /** First retry of a mail the SMTP server refused (seconds; doubling, 12 tries ≈ a day). */
  mailRetrySeconds: number;
  /** `pretty` (readable lines, the default) or `json` (LOG_FORMAT=json, for machines). */
  logFormat: LogFormat;
  /** Colours in the readable log lines when the output is a terminal; NO_COLOR (any value) turns them off. */
  logColor: boolean;
  /** Longest a graceful shutdown (SIGTERM/SIGINT) may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Live coalescing window (ms): a thing's / an event's live messages within it go out as the latest one; 0 = off. */
  liveCoalesceMs: number;
  /** Ingest partitions per organization (INGEST_PARTITIONS; 1 = one organization lock). Same on every instance. */
  ingestPartitions: number;
  /**
   * Each ingest partition's engine state is kept in memory by the instance ingesting for it
   * (INGEST_KEEP_STATE, default on; off reads it from the database in every batch).
   */
  ingestKeepState: boolean;
  /** Reader connections may name loopback and link-local hosts (tests, the simulator); private networks always may. */
  readerAllowLoopback: boolean;
  /** This instance opens the reader connections it wins the lease of (READER_CONNECTIONS, default on). */
  readerConnections: boolean;
  /** How long a reader connection's lease lasts unrenewed; the holder renews it every third of it. */
  readerLeaseMs: number;
  /**
   * The length of one minute of a site's alert settings (escalation and reminders; ALERT_MINUTE_MS,
   * default 60000): tests shorten it to see escalations and reminders within seconds.
   */
  alertMinuteMs: number;
}

/** TRUST_PROXY: unset, empty, `false` or `0` → off; a whole number → hops; else a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? '').trim();
  if (!v || /^(false|no|off|0)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry)) {
      throw new Error(`TRUST_PROXY: '${entry}' is not an address, a CIDR or a hop count`);
    }
  }
  return list;
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sightline <no-reply@sightline.local>',
    mqttUrl: env.MQTT_URL || undefined,
    mqttShareGroup: env.MQTT_SHARE_GROUP || 'sightline',
    demo: bool(env.DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, false),
    ssoAllowPrivate: bool(env.SSO_ALLOW_PRIVATE, false),
    entraClientId: env.ENTRA_CLIENT_ID || undefined,
    entraClientSecret: env.ENTRA_CLIENT_SECRET || undefined,
    entraAuthority: (env.ENTRA_AUTHORITY || 'https://login.microsoftonline.com').replace(/\/$/, ''),
    loginRateWindowMs: Number(env.LOGIN_RATE_WINDOW_MS ?? 60_000),
    webDist: env.WEB_DIST,
    jobs: bool(env.JOBS, true),
    demoSimulator: bool(env.DEMO_SIMULATOR, true),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    storageUrl: env.STORAGE_URL || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Region: env.S3_REGION || env.AWS_REGION || undefined,
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE ? bool(env.S3_FORCE_PATH_STYLE, false) : undefined,
    queue: bool(env.QUEUE, true),
    webhookTimeoutMs: Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000),
    webhookRetryBaseMs: Number(env.WEBHOOK_RETRY_BASE_MS ?? 15_000),
    webhookRetryMaxAgeMs: 24 * 60 * 60 * 1000,
    queuePollSeconds: 2,
    queueSchema: 'pgboss',
    mailRetrySeconds: 30,
    logFormat: logFormatFromEnv(env.LOG_FORMAT),
    logColor: !env.NO_COLOR,
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    liveCoalesceMs: Math.max(0, Number(env.LIVE_COALESCE_MS ?? LIVE_COALESCE_MS) || 0),
    ingestPartitions: partitionsFromEnv(env.INGEST_PARTITIONS),
    ingestKeepState: bool(env.INGEST_KEEP_STATE, true),
    readerAllowLoopback: bool(env.READER_ALLOW_LOOPBACK, false),
    readerConnections: bool(env.READER_CONNECTIONS, true),
    // A dead holder's readers are taken over within this plus one renewal tick: 20 s + 6.7 s < 30 s.
    readerLeaseMs: 20_000,
    alertMinuteMs: Math.max(1, Number(env.ALERT_MINUTE_MS ?? 60_000) || 60_000),
  };
}

/** The data folder for files (a temp folder when it is `memory`). */
/** Where the demo's webhook receiver answers (features/demo/receiver.ts). */
export const DEMO_RECEIVER_PATH = '/demo/webhook-receiver';

/**
 * The demo webhook's target on this server, or undefined when the demo is off: the one URL the
 * webhooks' address guard lets through (both the demo and the webhooks read it from here).
 */
export function demoReceiverUrl(config: Pick<Config, 'demo' | 'port'>): string | undefined {
  return config.demo ? `http://127.0.0.1:${config.port}${DEMO_RECEIVER_PATH}` : undefined;
}

export function dataRoot(config: Config): string {
  return config.dataDir === 'memory' ? path.join(os.tmpdir(), 'sightline-memory') : config.dataDir;
}

/** Where unsent mail is written: `mailDir`, else `<dataDir>/outbox` (a temp folder when dataDir is `memory`). */
export function outboxDir(config: Config): string {
  if (config.mailDir) return config.mailDir;
  return path.join(dataRoot(config), 'outbox');
}

/** A config for tests: in-memory PGlite unless TEST_DATABASE_URL names a PostgreSQL. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.TMPDIR ?? '/tmp', `sightline-test-${process.pid}`),
    demo: false,
    jobs: false,
    queue: false,
    readerConnections: false,
    readerAllowLoopback: true,
    // Test files run side by side on one PostgreSQL: each worker slot gets its own queue, so an app
    // of one file (say, one that refuses private webhook targets) never works another file's jobs.
    queueSchema: `pgboss_test_${process.env.VITEST_POOL_ID ?? process.pid}`,
    logLevel: 'silent',
    publicUrl: 'http://localhost:8080',
    // API tests never serve the built console, so they pass the same whether or not (or while) it is built.
    webDist: path.join(os.tmpdir(), 'sightline-test-no-console'),
    ...overrides,
  };
}
