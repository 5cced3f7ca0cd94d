/**
 * EPCIS capture: a document (or a single event) valid by GS1's schema is captured whole or not at
 * all (the standard's default `captureErrorBehaviour` rollback). ObjectEvents that observe or add
 * EPCs at a read point that is one of the caller's endpoints become sightings of that endpoint at
 * the event's time, applied by the same tracking engine as every reader's; every other event is
 * kept as received and answered by the query. The sightings of every endpoint, the kept events and
 * the capture's record commit in one transaction, so a document that fails anywhere stores nothing.
 */
import { EPCIS_CAPTURE_EPC_LIMIT, EPCIS_MSG, epcisIdOf, epcSearch } from '@sightline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import { authorize, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { NormalizedSighting } from '../../tracking/formats/index.js';
import { ingestTogether } from '../../tracking/store/index.js';
import * as repo from './capture-repository.js';
import { eventHash, type HashableEvent } from './event-hash.js';
import { epcisSchemaErrors } from './schema.js';

interface CapturedEvent extends Record<string, unknown> {
  type: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  eventID?: string;
  action?: string;
  bizStep?: string;
  epcList?: string[];
  readPoint?: { id: string };
  bizLocation?: { id: string };
}

/** The hex a captured EPC is read as: a tag's own where a thing carries one of its encodings. */
function hexesOf(epc: string) {
  return epcSearch(epc)?.hexes ?? [];
}

const bareBizStep = (v: string | undefined) =>
  v?.replace(/^(https:\/\/ref\.gs1\.org\/cbv\/BizStep-|urn:epcglobal:cbv:bizstep:)/, '');

export async function capture(ctx: AppContext, caller: Caller, log: FastifyBaseLogger, document: unknown) {
  authorize(caller, 'things', 'create');
  const errors = epcisSchemaErrors(document);
  if (errors.length)
    throw badRequest(`The document is not a valid EPCISDocument: ${errors.length} error(s)`, errors);
  // A document's events, or one event sent alone (the schema takes both).
  const sent = document as { type: string; epcisBody?: { eventList?: CapturedEvent[] } };
  const eventList =
    sent.type === 'EPCISDocument' ? (sent.epcisBody?.eventList ?? []) : [document as CapturedEvent];

  const epcs = eventList.reduce(
    (n, e) => n + (e.epcList?.length ?? 0) + ((e.childEPCs as unknown[] | undefined)?.length ?? 0),
    0,
  );
  if (epcs > EPCIS_CAPTURE_EPC_LIMIT) throw new HttpError(413, EPCIS_MSG.tooManyEpcs);
  const readers = await repo.endpointsOf(ctx.db, caller.orgId, siteScope(caller));
  const byEpcisId = new Map(readers.map((e) => [epcisIdOf('endpoint', e), e]));
  // Each event: a sighting of one of the caller's endpoints (each EPC's candidate hexes), or kept.
  const read = eventList.map((event) => {
    const endpoint = event.readPoint ? byEpcisId.get(event.readPoint.id) : undefined;
    const observes = event.type === 'ObjectEvent' && (event.action === 'OBSERVE' || event.action === 'ADD');
    const tags = observes && endpoint ? (event.epcList ?? []).map(hexesOf) : [];
    const seen = endpoint && tags.length && tags.every((h) => h.length) ? { endpoint, tags } : undefined;
    return { event, seen };
  });
  // A kept event is the organization's (answered to callers who may read every site), so a caller
  // limited to some sites captures only sightings of its own endpoints; nothing is stored otherwise.
  if (siteScope(caller) && read.some((r) => !r.seen)) throw forbidden(EPCIS_MSG.keptNeedsAllSites);
  // One lookup for the whole document, not one per event.
  const known = await repo.knownTags(
    ctx.db,
    caller.orgId,
    read.flatMap((r) => r.seen?.tags.flat() ?? []),
  );
  const sightings = new Map<string, { endpoint: (typeof readers)[number]; batch: NormalizedSighting[] }>();
  const kept: repo.KeptEvent[] = [];
  for (const { event, seen } of read) {
    if (seen) {
      const entry = sightings.get(seen.endpoint.id) ?? { endpoint: seen.endpoint, batch: [] };
      for (const candidates of seen.tags) {
        const tag = candidates.find((h) => known.has(h)) ?? candidates[0] ?? '';
        entry.batch.push({
          tag,
          antenna: 0,
          time: Date.parse(event.eventTime),
          direction: 'NEAR',
          alarmTamper: false,
        });
      }
      sightings.set(seen.endpoint.id, entry);
      continue;
    }
    kept.push({
      eventId: event.eventID ?? eventHash(event as HashableEvent),
      eventType: event.type,
      action: event.action ?? null,
      bizStep: bareBizStep(event.bizStep) ?? null,
      readPoint: event.readPoint?.id ?? null,
      bizLocation: event.bizLocation?.id ?? null,
      epcs: [...(event.epcList ?? []), ...((event.childEPCs as string[] | undefined) ?? [])],
      eventTime: new Date(event.eventTime),
      body: event,
    });
  }

  const captureId = newId();
  const store = (tx: Tx) => repo.storeCapture(tx, caller.orgId, captureId, kept, eventList.length);
  if (sightings.size) {
    const batches = [...sightings.values()].map(({ endpoint, batch }) => ({ endpoint, batch }));
    await ingestTogether(ctx.tracking, caller.orgId, batches, Date.now(), store, { log });
  } else {
    await ctx.db.transaction(store);
  }
  return captureId;
}

export async function captureJob(ctx: AppContext, caller: Caller, captureId: string) {
  const row = await repo.findCapture(ctx.db, caller.orgId, captureId);
  if (!row) throw notFound('Capture');
  return {
    captureID: row.id,
    createdAt: row.timeCreated.toISOString(),
    ...(row.timeFinished ? { finishedAt: row.timeFinished.toISOString() } : {}),
    running: row.state === 'running',
    success: row.state === 'success',
    captureErrorBehaviour: 'rollback' as const,
    errors: (row.errors as { path: string; message: string }[]) ?? [],
  };
}
