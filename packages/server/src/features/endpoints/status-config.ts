/**
 * An endpoint's heartbeat history (its status records; it is stale when its latest
 * heartbeat is older than `STALE_HEARTBEAT_MINUTES`) and the configuration it pulls
 * (`endpoints/config/{id}`). Reading needs only access to the endpoint's site; replacing the
 * configuration needs modify on endpoints. A reader may also pull its own configuration with its
 * ingest credentials (docs/readers.md), since it has no user session.
 */
import {
  DEFAULT_ENDPOINT_CONFIG,
  EndpointConfig,
  type EndpointStatusQuery,
  type EndpointStatusSummary,
  isStaleHeartbeat,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { notFound } from '../../platform/errors.js';
import type { EndpointIdentity } from '../ingest/repository.js';
import { presentEndpointStatus } from './presenter.js';
import * as repo from './repository.js';
import { requireEndpoint } from './service.js';

export async function listStatus(db: Db, caller: Caller, id: string, query: EndpointStatusQuery) {
  await requireEndpoint(db, caller, id);
  return repo.listStatuses(db, id, query);
}

export async function statusSummary(db: Db, caller: Caller, id: string): Promise<EndpointStatusSummary> {
  await requireEndpoint(db, caller, id);
  const latest = (await repo.latestStatuses(db, [id])).get(id);
  if (!latest)
    return {
      endpoint: id,
      time: null,
      stale: true,
      kind: 'heartbeat',
      message: '',
      ip: '',
      version: '',
      uptime: null,
      readerTemp: null,
      cpu: null,
      antennas: [],
      dropped: null,
      buffered: null,
    };
  const status = presentEndpointStatus(latest);
  return { ...status, stale: isStaleHeartbeat(latest.time) };
}

/** The stored configuration with defaults filled in; a stored value that no longer parses reads as the defaults. */
function configOf(stored: unknown): EndpointConfig {
  const parsed = EndpointConfig.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_ENDPOINT_CONFIG;
}

export async function getConfig(db: Db, caller: Caller, id: string) {
  return configOf((await requireEndpoint(db, caller, id)).config);
}

/** A reader pulling its own configuration; any other endpoint's id is not found. */
export async function getOwnConfig(db: Db, endpoint: EndpointIdentity, id: string) {
  if (endpoint.id !== id) throw notFound('Endpoint');
  const row = await repo.findEndpoint(db, endpoint.orgId, id);
  if (!row) throw notFound('Endpoint');
  return configOf(row.config);
}

export async function putConfig(db: Db, caller: Caller, id: string, config: EndpointConfig) {
  const current = await requireEndpoint(db, caller, id);
  authorize(caller, 'endpoints', 'modify', current.siteId);
  return configOf(await repo.setConfig(db, caller.orgId, id, config));
}
