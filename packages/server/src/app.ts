/** buildApp(config): registers the platform plugins and every feature; no logic of its own. */
import type { Server } from 'node:http';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyHttpOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerBackground } from './background.js';
import { type Config, outboxDir } from './config.js';
import { openDatabase } from './db/client.js';
import { seedBuiltInRoles } from './db/seed-roles.js';
import { settleTrackingExceptions } from './features/alerts/tracking-hook.js';
import { registerFeatures } from './features/index.js';
import { recipientThingName } from './features/privacy/pseudonyms.js';
import { siteTimeZone } from './features/sites/repository.js';
import { enqueueTrackingWebhooks } from './features/webhooks/outbox.js';
import { registerAuthentication } from './platform/authenticate.js';
import type { App, AppContext } from './platform/context.js';
import { refuseBadText, registerErrorHandler } from './platform/errors.js';
import { createEventStreams } from './platform/event-streams.js';
import { registerHealthRoutes } from './platform/health.js';
import { createLocalBus, createPgBus } from './platform/live.js';
import { createLogger, registerRequestLog } from './platform/log.js';
import { createMailer } from './platform/mail.js';
import { createMailQueue } from './platform/mail-queue.js';
import { registerNoStore } from './platform/no-store.js';
import { transformDocument, transformRoute } from './platform/openapi.js';
import { requestScopedDb } from './platform/request-tx.js';
import { registerRoundTrip } from './platform/round-trip.js';
import { serializerCompiler } from './platform/serializer.js';
import { createStorage } from './platform/storage/index.js';
import { registerUnknownKeys } from './platform/unknown-keys.js';
import { serveWeb, webRoot } from './platform/web.js';
import { createTrackingStore } from './tracking/store/index.js';

const hops = (n: number) => (_address: string, hop: number) => hop < n;

export async function buildApp(config: Config): Promise<App> {
  const options: FastifyHttpOptions<Server> = {
    loggerInstance: createLogger({
      level: config.logLevel,
      format: config.logFormat,
      color: config.logColor,
    }),
    // Requests are logged at debug level only (registerRequestLog): the terminal is for people.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A path parameter may be an EPCIS eventID or EPC URI (up to EPCIS_EVENT_ID_MAX characters,
    // percent-encoded: three bytes a character at most); Fastify's default is 100.
    routerOptions: { maxParamLength: 3 * 1000 + 100 },
    // Off unless configured: a trusted X-Forwarded-For from anyone defeats the per-IP login limit.
    // A hop count trusts the nearest n hops (what Fastify does with a number; its types omit it).
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir === 'memory' ? undefined : path.join(config.dataDir, 'pglite'),
  });
  await seedBuiltInRoles(database.db);
  const live = database.pool
    ? await createPgBus(database.pool, (err) => app.log.error({ err }, 'live bus'), {
        coalesceMs: config.liveCoalesceMs,
      })
    : createLocalBus({ coalesceMs: config.liveCoalesceMs });
  const mailer = createMailQueue(
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: outboxDir(config),
      log: app.log,
    }),
    app.log,
    { retrySeconds: config.mailRetrySeconds },
  );
  // The one tracking store (ingest, manual moves, tracking jobs), with what joins its transactions.
  // The app's database as features see it: inside an audited request, that request's transaction.
  const db = requestScopedDb(database.db);
  const tracking = createTrackingStore({
    db,
    live,
    mailer,
    defaults: {
      log: app.log,
      publicUrl: config.publicUrl,
      partitions: config.ingestPartitions,
      keepState: config.ingestKeepState,
    },
    hooks: {
      // Exceptions whose condition the change cleared are resolved with it; then the webhooks'
      // outbox: a tracking change (an exception raised or resolved too) is queued for delivery if
      // and only if it commits.
      beforeCommit: [settleTrackingExceptions, enqueueTrackingWebhooks],
      mailThingName: (orgId, thingId, name) => recipientThingName(db, orgId, thingId, name),
      siteTimeZone: (orgId, siteId) => siteTimeZone(db, orgId, siteId),
    },
  });
  const ctx: AppContext = {
    config,
    database,
    db,
    mailer,
    live,
    tracking,
    streams: createEventStreams(database.db, app.log),
    storage: createStorage(config),
  };
  app.decorate('ctx', ctx);
  // Open streams would hold the server open: they end before it closes.
  app.addHook('preClose', async () => ctx.streams.closeAll());
  app.addHook('onClose', async () => {
    await live.close();
    await database.close();
  });

  // Fastify allows one not-found handler: the built console's single-page fallback replaces the plain one.
  const web = webRoot(config, path.resolve(import.meta.dirname, '../../web/dist'));
  registerErrorHandler(app, { notFound: !web });
  refuseBadText(app);
  registerNoStore(app);
  // API answers above 1 KB are compressed (brotli at a fast level, or gzip) when the client
  // accepts it; built assets are precompressed once at build time and sent as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sightline API',
        version: '1.31.2',
        description:
          'Lists answer with the headers `x-total-count` (records that match, counted up to 10,000) ' +
          'and `x-total-capped` (\'true\' when more match than that: shown as "10,000+").',
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  registerRequestLog(app);
  registerHealthRoutes(app);
  registerAuthentication(app, db);
  registerRoundTrip(app);
  registerUnknownKeys(app);
  await registerFeatures(app);
  registerBackground(app);
  if (web) serveWeb(app, web);
  return app;
}
