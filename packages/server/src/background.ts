/**
 * What runs without an incoming request (docs/architecture.md, "Background work"): the scheduled
 * tracking jobs, the daily report email, the job queue (webhook delivery and mail), the MQTT
 * subscription (with MQTT_URL), the connections to readers Sightline connects to (LLRP, Impinj
 * stream; READER_CONNECTIONS) and, with the demo on, the built-in reader simulator, and the
 * folding of the zone and category counts (features/zones/counts.ts,
 * features/things/category-counts.ts). Each starts when the app is ready and stops before it closes
 * (before the database does).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { foldKeptCounts, type KeptCounts } from './db/kept-counts.js';
import { alertConditionsJob, alertEscalationJob } from './features/alerts/job.js';
import { pruneLoginFailuresJob } from './features/auth/jobs.js';
import { createReaderConnections } from './features/connections/service.js';
import { type MqttIngest, startMqttIngest } from './features/ingest/mqtt.js';
import { dailyReportsJob } from './features/reports/daily.js';
import { eventDaysJob } from './features/reports/event-days.js';
import { retentionJob } from './features/retention/job.js';
import { categoryCounts as categoryCountsKept } from './features/things/category-counts.js';
import { createWebhookQueue, type WebhookQueue } from './features/webhooks/queue.js';
import { zoneCounts as zoneCountsKept } from './features/zones/counts.js';
import type { App } from './platform/context.js';
import { createScheduler, type JobScheduler } from './platform/jobs.js';
import { createJobQueue } from './platform/queue.js';
import { createRepeater } from './platform/repeat.js';
import { trackingJobs } from './tracking/jobs/index.js';
import { type DemoSimulator, startDemoSimulator } from './tracking/simulator/demo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduler; tests call `app.jobs.tick(now, { orgIds })` (the timer is off in tests). */
    jobs: JobScheduler;
    /** The MQTT subscription, when MQTT_URL is set (after the app is ready). */
    mqtt: MqttIngest | null;
    /** Webhook delivery on the pg-boss queue (started with QUEUE on; tests call its sweep and drainer). */
    webhookQueue: WebhookQueue;
  }
}

/** The folding timer of kept counts (db/kept-counts.ts): started with the scheduled jobs, stopped before the database closes. */
function keptCountsFolder(db: Db, counts: KeptCounts, log: FastifyBaseLogger) {
  return createRepeater(
    () => foldKeptCounts(db, counts),
    counts.everyMs,
    (err) => log.error({ err }, `folding ${counts.what} failed`),
  );
}

export function registerBackground(app: App): void {
  const { ctx } = app;
  const { config } = ctx;
  const jobs = [
    ...trackingJobs(ctx.tracking),
    dailyReportsJob({ db: ctx.db, mailer: ctx.mailer, log: app.log }),
    pruneLoginFailuresJob(ctx.db),
    eventDaysJob(ctx.db),
    retentionJob(ctx),
    alertConditionsJob({ db: ctx.db, live: ctx.live, mailer: ctx.mailer, publicUrl: config.publicUrl }),
    alertEscalationJob({
      db: ctx.db,
      live: ctx.live,
      mailer: ctx.mailer,
      publicUrl: config.publicUrl,
      minuteMs: config.alertMinuteMs,
    }),
  ];
  const scheduler = createScheduler(ctx.db, jobs, { log: app.log });
  // Not a scheduled job: it runs every few seconds on every instance (one at a time, by its lock)
  // and nothing depends on when it ran — the readers add the changes it has not folded yet.
  const zoneCounts = keptCountsFolder(ctx.db, zoneCountsKept, app.log);
  const categoryCounts = keptCountsFolder(ctx.db, categoryCountsKept, app.log);
  app.decorate('jobs', scheduler);
  app.decorate('mqtt', null);
  const jobQueue = createJobQueue(
    ctx.database,
    { pollingIntervalSeconds: config.queuePollSeconds, schema: config.queueSchema },
    app.log,
  );
  const webhookQueue = createWebhookQueue(ctx.database, config, app.log);
  app.decorate('webhookQueue', webhookQueue);
  let simulator: DemoSimulator | undefined;
  const readers = createReaderConnections(ctx, app.log, { leaseMs: config.readerLeaseMs });

  app.addHook('onReady', async () => {
    if (config.jobs) {
      scheduler.start();
      zoneCounts.start();
      categoryCounts.start();
    }
    if (config.queue) {
      const boss = await jobQueue.start();
      await webhookQueue.start(boss);
      await ctx.mailer.start(boss);
    }
    if (config.readerConnections) readers.start();
    if (config.mqttUrl) app.mqtt = startMqttIngest(ctx, app.log, config.mqttUrl, config.mqttShareGroup);
    if (config.demo && config.demoSimulator) {
      // The demo's movement is a nicety: a failure to start it must not stop the server.
      simulator = await startDemoSimulator(app).catch((err: unknown) => {
        app.log.error({ err }, 'demo simulator did not start');
        return undefined;
      });
    }
  });
  // preClose: before the onClose hooks close the live bus and the database.
  app.addHook('preClose', async () => {
    await simulator?.stop();
    // Each reader session is closed (CLOSE_CONNECTION) and its lease given up for another instance.
    await readers.stop();
    await app.mqtt?.close();
    await scheduler.stop();
    await zoneCounts.stop();
    await categoryCounts.stop();
    await webhookQueue.stopListening();
    ctx.mailer.stop();
    // A drain still running when the queue stops may queue its retry (startAfter): the queue keeps it.
    await jobQueue.stop(webhookQueue.stopTimeoutMs);
    webhookQueue.stop();
  });
}
