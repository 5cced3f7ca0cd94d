/** Configuration only by environment variables (DESIGN §3); README documents each. */
import os from 'node:os';
import path from 'node:path';
import { type LogFormat, logFormatFromEnv } from './platform/log.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
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
  sessionSecret?: string;
  demo: boolean;
  logLevel: string;
  adminEmail?: string;
  adminPassword?: string;
  webhookAllowPrivate: boolean;
  entraClientId?: string;
  entraClientSecret?: string;
  /** Window of the login rate limit; tests shorten it. */
  loginRateWindowMs: number;
  /** Where the built console lives; served at / when present. */
  webDist?: string;
  /** Run the scheduled jobs' timer (zone time exceptions, kill, inventory); tests tick by hand. */
  jobs: boolean;
  /** With the demo on: run the built-in reader simulator in-process. */
  demoSimulator: boolean;
  /** `pretty` (readable lines, the default) or `json` (LOG_FORMAT=json, for machines). */
  logFormat: LogFormat;
  /** Longest a graceful shutdown (SIGTERM/SIGINT) may take before the process exits anyway. */
  shutdownTimeoutMs: number;
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sightline <no-reply@sightline.local>',
    mqttUrl: env.MQTT_URL || undefined,
    mqttShareGroup: env.MQTT_SHARE_GROUP || 'sightline',
    sessionSecret: env.SESSION_SECRET || undefined,
    demo: bool(env.DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, false),
    entraClientId: env.ENTRA_CLIENT_ID || undefined,
    entraClientSecret: env.ENTRA_CLIENT_SECRET || undefined,
    loginRateWindowMs: Number(env.LOGIN_RATE_WINDOW_MS ?? 60_000),
    webDist: env.WEB_DIST,
    jobs: bool(env.JOBS, true),
    demoSimulator: bool(env.DEMO_SIMULATOR, true),
    logFormat: logFormatFromEnv(env.LOG_FORMAT),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
  };
}

/** Where unsent mail is written: `mailDir`, else `<dataDir>/outbox` (a temp folder when dataDir is `memory`). */
export function outboxDir(config: Config): string {
  if (config.mailDir) return config.mailDir;
  const base = config.dataDir === 'memory' ? path.join(os.tmpdir(), 'sightline-memory') : config.dataDir;
  return path.join(base, 'outbox');
}

/** A config for tests: in-memory PGlite unless TEST_DATABASE_URL names a PostgreSQL. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.TMPDIR ?? '/tmp', `sightline-test-${process.pid}`),
    demo: false,
    jobs: false,
    logLevel: 'silent',
    publicUrl: 'http://localhost:8080',
    ...overrides,
  };
}
