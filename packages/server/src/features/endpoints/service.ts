/**
 * Endpoints (docs/decisions/0028-endpoints.md): site-scoped CRUD under the `endpoints` access rules. The
 * server makes each endpoint's `key` (its ingest secret) and shows it, with the QR payload built
 * from it, only to callers who may modify endpoints on the endpoint's site.
 */
import { randomUUID } from 'node:crypto';
import {
  can,
  ENDPOINT_MSG,
  type Endpoint,
  type EndpointInput,
  type EndpointListQuery,
  endpointQrPayload,
} from '@sightline/shared';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { EndpointRow } from '../../db/rows.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';
import { checkConnection } from '../connections/address.js';
import { forgetConnection, liveConnections } from '../connections/repository.js';
import { forgetEndpoint } from '../ingest/endpoint-auth.js';
import { scheduleRemoval } from '../retention/removals.js';
import { requireSite } from '../sites/service.js';
import { presentEndpoint } from './presenter.js';
import * as repo from './repository.js';

const RESOURCE = 'endpoints';
/** 256 bits: the key is the endpoint's only secret. */
const KEY_BYTES = 32;

export async function listEndpoints(db: Db, caller: Caller, query: EndpointListQuery) {
  await requireSite(db, caller, query.site);
  return repo.listEndpoints(db, caller.orgId, query);
}

/** An endpoint of the caller's organization on a site the caller may see, or 404. */
export async function requireEndpoint(db: Tx, caller: Caller, id: string) {
  const row = await repo.findEndpoint(db, caller.orgId, id);
  if (!row || !hasSite(caller, row.siteId)) throw notFound('Endpoint');
  return row;
}

const qrText = (publicUrl: string, row: EndpointRow) =>
  JSON.stringify(endpointQrPayload(publicUrl, { id: row.id, uuid: row.uuid, key: row.key }));

const maySeeKey = (caller: Caller, row: EndpointRow) => can(caller.rules, RESOURCE, 'modify', row.siteId);

/** The record with its latest status; `key` and `qrcode` only when `withKey`. */
async function present(db: Tx, publicUrl: string, row: EndpointRow, withKey: boolean): Promise<Endpoint> {
  const statuses = await repo.latestStatuses(db, [row.id]);
  const live = await liveConnections(db, [row.id]);
  const endpoint = presentEndpoint(row, statuses.get(row.id), live.get(row.id));
  return withKey ? { ...endpoint, key: row.key, qrcode: qrText(publicUrl, row) } : endpoint;
}

export async function getEndpoint(db: Db, caller: Caller, publicUrl: string, id: string) {
  const row = await requireEndpoint(db, caller, id);
  return present(db, publicUrl, row, maySeeKey(caller, row));
}

/** The QR payload alone (the PNG route): it carries the key, so it needs what the key needs. */
export async function qrPayload(db: Db, caller: Caller, publicUrl: string, id: string) {
  const row = await requireEndpoint(db, caller, id);
  authorize(caller, RESOURCE, 'modify', row.siteId, 'read');
  return qrText(publicUrl, row);
}

/** The map and every antenna map must be maps of the endpoint's own site. */
async function checkMaps(db: Db, orgId: string, input: EndpointInput) {
  const wanted = [input.map, ...input.antennas.map((a) => a.map)].filter((m): m is string => m !== null);
  const known = await repo.mapIdsOfSite(db, orgId, input.site, [...new Set(wanted)]);
  const errors = [
    ...(input.map && !known.has(input.map) ? [{ path: 'map', message: ENDPOINT_MSG.unknownMap }] : []),
    ...input.antennas.flatMap((a, i) =>
      a.map && !known.has(a.map) ? [{ path: `antennas.${i}.map`, message: ENDPOINT_MSG.unknownMap }] : [],
    ),
  ];
  if (errors.length) throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** A unique-key race between the check and the write still answers 400 'duplicate'. */
async function withUniqueUuid<T>(db: Db, uuid: string, selfId: string | undefined, write: () => Promise<T>) {
  const duplicate = badRequest(ENDPOINT_MSG.duplicateUuid(uuid), [
    { path: 'uuid', message: ENDPOINT_MSG.duplicateUuid(uuid) },
  ]);
  if (await repo.uuidTaken(db, uuid, selfId)) throw duplicate;
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate;
    throw error;
  }
}

/** Options of the endpoint writes: whether a connection may name loopback and link-local hosts. */
export interface EndpointWriteOptions {
  readerAllowLoopback: boolean;
}

export async function createEndpoint(
  db: Db,
  caller: Caller,
  publicUrl: string,
  input: EndpointInput,
  options: EndpointWriteOptions,
) {
  await requireSite(db, caller, input.site);
  authorize(caller, RESOURCE, 'create', input.site);
  // A connection makes Sightline open one to the network: that is modifying, beyond creating.
  if (input.connection && input.connection.mode !== 'push') authorize(caller, RESOURCE, 'modify', input.site);
  checkConnection(input.connection, options.readerAllowLoopback);
  await checkMaps(db, caller.orgId, input);
  const uuid = input.uuid || randomUUID();
  const row = await withUniqueUuid(db, uuid, undefined, () =>
    repo.insertEndpoint(db, caller.orgId, input, { uuid, key: randomToken(KEY_BYTES) }),
  );
  // The creator sees the key even without modify rights, like an API key at creation.
  return present(db, publicUrl, row, true);
}

export async function updateEndpoint(
  db: Db,
  caller: Caller,
  publicUrl: string,
  id: string,
  input: EndpointInput,
  options: EndpointWriteOptions,
) {
  const current = await requireEndpoint(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId);
  if (input.site !== current.siteId)
    throw badRequest(ENDPOINT_MSG.siteImmutable, [{ path: 'site', message: ENDPOINT_MSG.siteImmutable }]);
  checkConnection(input.connection, options.readerAllowLoopback);
  await checkMaps(db, caller.orgId, input);
  const uuid = input.uuid || current.uuid;
  const row = await withUniqueUuid(db, uuid, id, () =>
    repo.updateEndpoint(db, caller.orgId, id, input, uuid),
  );
  if (!row) throw notFound('Endpoint');
  // The old uuid must stop authenticating at once on this instance.
  forgetEndpoint(current.uuid);
  // New connection settings: the state of the old connection says nothing about the new one.
  if (input.connection && JSON.stringify(row.connection) !== JSON.stringify(current.connection)) {
    await forgetConnection(db, id);
  }
  return present(db, publicUrl, row, true);
}

/** A new key, made like the first one; the old key stops authenticating at once on this instance. */
export async function rotateKey(db: Db, caller: Caller, publicUrl: string, id: string) {
  const current = await requireEndpoint(db, caller, id);
  authorize(caller, RESOURCE, 'modify', current.siteId);
  const row = await repo.setKey(db, caller.orgId, id, randomToken(KEY_BYTES));
  if (!row) throw notFound('Endpoint');
  forgetEndpoint(current.uuid);
  return present(db, publicUrl, row, true);
}

export async function deleteEndpoint(db: Db, caller: Caller, id: string) {
  const current = await requireEndpoint(db, caller, id);
  authorize(caller, RESOURCE, 'delete', current.siteId);
  await db.transaction(async (tx) => {
    await repo.deleteEndpoint(tx, caller.orgId, id);
    // Its raw sightings and heartbeats go in bounded batches in the background.
    await scheduleRemoval(tx, 'endpoint', id, caller.orgId);
  });
  forgetEndpoint(current.uuid);
}
