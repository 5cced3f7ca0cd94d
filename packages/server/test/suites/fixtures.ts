/**
 * One organization with a record of every kind, for the generated suites: the ids a route's
 * `:id` (by the path's first segment) and its id-shaped query parameters are filled with.
 */
import { ROLE_IDS } from '@sightline/shared';
import type { App } from '../../src/platform/context.js';
import {
  type Client,
  makeCategory,
  makeEndpoint,
  makeImage,
  makeLocationTag,
  makeMap,
  makeReportConfig,
  makeThing,
  makeUser,
  makeWebhook,
  makeZone,
} from '../factories.js';

export interface OrgRecords {
  orgId: string;
  siteId: string;
  /** Path segment after /api (or query parameter name) → the id of one record of that kind. */
  ids: Record<string, string>;
  endpoint: { uuid: string; key: string };
}

/** A record of every kind in `orgId`/`siteId`; `admin` (all sites) makes what has no factory. */
export async function makeRecords(
  app: App,
  orgId: string,
  siteId: string,
  admin: Client,
): Promise<OrgRecords> {
  const { db } = app.ctx;
  const thing = await makeThing(db, orgId, siteId);
  const zone = await makeZone(db, orgId, siteId);
  const endpoint = await makeEndpoint(db, orgId, siteId);
  const map = await makeMap(db, orgId, siteId);
  const locationTag = await makeLocationTag(db, orgId, siteId);
  const category = await makeCategory(db, orgId);
  const reportConfig = await makeReportConfig(db, orgId, siteId);
  const webhook = await makeWebhook(db, orgId);
  const image = await makeImage(app, orgId, siteId);
  const user = await makeUser(app, orgId, { role: 'viewer', sites: [siteId] });
  const key = await admin.request('POST', '/api/apikeys', {
    name: `Key ${Date.now()}`,
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [siteId] },
  });
  if (key.statusCode !== 200) throw new Error(`api key: ${key.statusCode} ${key.body}`);
  const apiKeyId = String(key.json()._id ?? key.json().id);
  const ids: Record<string, string> = {
    things: thing.id,
    thing: thing.id,
    zones: zone.id,
    zone: zone.id,
    endpoints: endpoint.id,
    endpoint: endpoint.id,
    maps: map.id,
    map: map.id,
    locationtags: locationTag.id,
    categories: category.id,
    'image-categories': category.id,
    category: category.id,
    reportconfigs: reportConfig.id,
    reports: reportConfig.id,
    webhooks: webhook.id,
    images: image,
    users: user.id,
    usernames: user.id,
    uploader: user.id,
    apikeys: apiKeyId,
    sites: siteId,
    site: siteId,
    organizations: orgId,
    ingest: endpoint.uuid,
  };
  return { orgId, siteId, ids, endpoint };
}
