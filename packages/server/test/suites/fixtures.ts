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
import { plausible, type Route } from './route-table.js';

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

const EPC = 'E2801160600002040000AB12';
const now = new Date().toISOString();

/**
 * Bodies a schema alone does not describe: the readers' open formats, and rules across fields (a
 * mapping naming the sheet's headers, a bulk edit that changes something). Keyed by route.
 */
export const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/ingest/sightings': { sightings: [{ tag: EPC, rssi: -60 }] },
  'POST /api/ingest/heartbeat': { heartbeat: { version: '1', uptime: 1 } },
  'POST /api/ingest/impinj/:uuid': [
    { timestamp: now, eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC, antennaPort: 1 } },
  ],
  'POST /api/ingest/zebra/:uuid': [{ type: 'SIMPLE', timestamp: now, data: { idHex: EPC, antenna: 1 } }],
  'POST /api/import/preview': { mapping: { Name: 'name' }, headers: ['Name'], rows: [] },
  'POST /api/import/rows': { mapping: { Name: 'name' }, headers: ['Name'], rows: [] },
  'PUT /api/images/meta': { addTags: ['probe'] },
};

/** An id that names no record (a route's `:id` whose kind has no fixture). */
export const NOTHING = '0123456789abcdef01234567';

/** The id of the fixture record a route's `:id` names (by the path's first segment after /api). */
export function recordIdFor(route: Route, records: OrgRecords): string {
  const segment = route.path.split('/')[2] ?? '';
  return records.ids[segment] ?? NOTHING;
}

/** The route's query with real ids where a parameter names a record, and its required parameters. */
export function plausibleQuery(route: Route, records: OrgRecords): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, schema] of Object.entries(route.query)) {
    const real = records.ids[name];
    if (real) query[name] = real;
    else if (route.requiredQuery.includes(name)) query[name] = String(plausible(schema, name));
  }
  return query;
}
