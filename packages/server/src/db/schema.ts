/**
 * The whole data model, one file per domain under schema/: every tenant-owned row
 * carries `org_id`; site-owned rows carry `site_id` too.
 */
export * from './schema/accounts.js';
export * from './schema/audit.js';
export * from './schema/epcis.js';
export * from './schema/images.js';
export * from './schema/places.js';
export * from './schema/platform.js';
export * from './schema/reports.js';
export * from './schema/retention.js';
export * from './schema/sso.js';
export * from './schema/things.js';
export * from './schema/tracking.js';
export * from './schema/webhooks.js';
