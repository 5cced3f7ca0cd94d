/**
 * Shared test factories (CONVENTIONS "Tests"), one file per subject under `test/factories/`. This
 * index gathers the common ones; the heavier ones (mail outbox and SMTP, S3, SSO provider, ingest and
 * store scenarios) are imported from their own file.
 */
export * from './factories/app.factory.js';
export * from './factories/endpoint.factory.js';
export * from './factories/epcis.factory.js';
export * from './factories/image.factory.js';
export * from './factories/import.factory.js';
export * from './factories/location-tag.factory.js';
export * from './factories/map.factory.js';
export * from './factories/report.factory.js';
export * from './factories/site-limited.factory.js';
export * from './factories/stream.factory.js';
export * from './factories/thing.factory.js';
export * from './factories/webhook.factory.js';
export * from './factories/zone.factory.js';
