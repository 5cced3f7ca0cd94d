/**
 * Shared test factories (CONVENTIONS "Tests"), one file per subject under `test/factories/`. This
 * index gathers the common ones; the heavier ones (mail outbox and SMTP, S3, SSO provider, ingest and
 * store scenarios) are imported from their own file.
 */
export * from './factories/app.js';
export * from './factories/images.js';
export * from './factories/import.js';
export * from './factories/reports.js';
export * from './factories/streams.js';
export * from './factories/tracking.js';
export * from './factories/webhooks.js';
