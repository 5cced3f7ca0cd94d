/**
 * EPCIS capture: a document (or a single event) valid by GS1's schema is captured whole or not at
 * all (the standard's default `captureErrorBehaviour` rollback). ObjectEvents that observe or add
 * EPCs at a read point that is one of the caller's endpoints become sightings of that endpoint at
 * the event's time, applied by the same tracking engine as every reader's; every other event is
 * kept as received and answered by the query. The sightings of every endpoint, the kept events and
 * the capture's record commit in one transaction, so a document that fails anywhere stores nothing.
 *
 * An eventID names one event in an organization (decision 0424): an event captured again (the
 * same eventID and content, or, without an eventID, the same content) is a repeat and is not
 * applied twice; another event under a captured eventID refuses the document (409). An error
 * declaration carries the eventID of the event it declares erroneous, the one case EPCIS 2.0 allows
 * of two events sharing one.
 */
import {
  EPCIS_CAPTURE_EPC_LIMIT,
  EPCIS_CAPTURE_EVENT_LIMIT,
  EPCIS_EVENT_ID_MAX,
  EPCIS_MSG,
  type EpcisCaptureErrorBehaviour,
  epcisIdOf,
  epcSearch,
} from '@sightline/shared';
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
import { canonicalId, capturedEventId, contentDigest } from './event-hash.js';
import { epcisSchemaErrors, listedErrors } from './schema.js';

interface CapturedEvent extends Record<string, unknown> {
  type: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  eventID?: string;
  errorDeclaration?: unknown;
  action?: string;
  bizStep?: string;
  epcList?: string[];
  readPoint?: { id: string };
  bizLocation?: { id: string };
}

/** The events EPCIS 2.0 defines, each of which may be captured alone. */
const EVENT_TYPES = new Set([
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
  'AssociationEvent',
]);

/** A captured EPC's hexes (each encoding a tag may carry) and its identifier as the event hash writes it. */
interface EpcForms {
  hexes: string[];
  canonical: string;
}

/** EPCs worked out between two turns of the event loop: a document's 10,000 take a few hundred ms. */
const EPC_SLICE = 250;

/**
 * The forms of every EPC the document names, worked out once (the sightings need the hexes, the
 * hash the canonical ids) and a slice at a time, so other requests are served meanwhile.
 */
async function epcFormsOf(events: CapturedEvent[]) {
  const forms = new Map<string, EpcForms>();
  let done = 0;
  for (const event of events)
    for (const epc of event.epcList ?? []) {
      if (forms.has(epc)) continue;
      const hexes = epcSearch(epc)?.hexes ?? [];
      forms.set(epc, {
        hexes,
        canonical: canonicalId(epc, epc.startsWith('urn:epc:id:') ? hexes : undefined),
      });
      if (++done % EPC_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  return forms;
}

const bareBizStep = (v: string | undefined) =>
  v?.replace(/^(https:\/\/ref\.gs1\.org\/cbv\/BizStep-|urn:epcglobal:cbv:bizstep:)/, '');

/** Why an eventID is refused: it names another event, captured before or earlier in the document. */
export const EVENT_ID_CAPTURED = 'is the eventID of another event, captured before';
export const eventIdInDocument = (index: number) =>
  `is the eventID of event ${index} of this document, another event`;

/** A captured event's identity (repo.CapturedId) and whether the client sent its eventID. */
interface Identity extends repo.CapturedId {
  sent: boolean;
}

const identityKey = (id: repo.CapturedId) => `${id.errorDeclaration ? 'E' : 'N'} ${id.eventId}`;

/**
 * Which events are repeats of one captured before or earlier in the document, and the eventIDs
 * that name another event than the one captured under them (each as the JSON pointer of its
 * `eventID` and why): under one eventID, the same content is a repeat and another content a
 * conflict. `identities` are the events' in the document's order, each with its index there.
 */
function repeatsAndConflicts(
  identities: (Identity & { index: number })[],
  before: repo.CapturedId[],
  pointer: (index: number) => string,
) {
  const known = new Map<string, { digest: string; index?: number }>(
    before.map((b) => [identityKey(b), { digest: b.digest }]),
  );
  const conflicts: CaptureError[] = [];
  const repeats = identities.map((id) => {
    const found = known.get(identityKey(id));
    if (!found) {
      known.set(identityKey(id), { digest: id.digest, index: id.index });
      return false;
    }
    // Content that differs under one eventID is another event, whether the eventID was sent or
    // computed: a computed one may have been taken before by an event that gave it explicitly,
    // and a repeat that stored nothing would lose the event.
    if (found.digest !== id.digest)
      conflicts.push({
        path: pointer(id.index),
        message: found.index === undefined ? EVENT_ID_CAPTURED : eventIdInDocument(found.index),
      });
    return true;
  });
  return { repeats, conflicts };
}

/** Another capture stored one of the document's eventIDs between the check and the store. */
class EventIdRace extends HttpError {
  constructor() {
    super(409, EPCIS_MSG.eventIdTaken);
  }
}

interface CaptureError {
  path: string;
  message: string;
}

/** The event of the document a JSON pointer is in, or undefined when it is outside every event. */
const EVENT_POINTER = /^\/epcisBody\/eventList\/(\d+)(?:\/|$)/;
const eventIndexOf = (path: string) => {
  const index = EVENT_POINTER.exec(path)?.[1];
  return index === undefined ? undefined : Number(index);
};

/**
 * Captures a document. `rollback` (the default) stores all of it or nothing; `proceed` stores its
 * valid events and records the others' errors in the capture job, while an error outside every
 * event (the document's own fields, too many EPCs) still refuses it whole. When another capture
 * took one of its eventIDs meanwhile, the document is checked again against what that one stored:
 * the same events sent twice at once are repeats (202), another event under one of them a
 * conflict (409, or that event's error with `proceed`).
 */
export async function capture(
  ctx: AppContext,
  caller: Caller,
  log: FastifyBaseLogger,
  document: unknown,
  behaviour: EpcisCaptureErrorBehaviour = 'rollback',
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await captureOnce(ctx, caller, log, document, behaviour);
    } catch (err) {
      if (!(err instanceof EventIdRace) || attempt === 3) throw err;
    }
  }
}

async function captureOnce(
  ctx: AppContext,
  caller: Caller,
  log: FastifyBaseLogger,
  document: unknown,
  behaviour: EpcisCaptureErrorBehaviour,
) {
  authorize(caller, 'things', 'create');
  // A document's events, or one event sent alone (the schema takes both, and query documents).
  const sent = document as { type?: unknown; epcisBody?: { eventList?: CapturedEvent[] } } | null;
  const isDocument = sent?.type === 'EPCISDocument';
  // Greedy capture passes over an event's errors; a single event sent alone has nothing to pass to.
  const proceed = behaviour === 'proceed' && isDocument;
  /** The errors of each event `proceed` leaves out, by its index in the document. */
  const refused = new Map<number, CaptureError[]>();
  const refuse = (index: number, error: CaptureError) =>
    refused.set(index, [...(refused.get(index) ?? []), error]);

  // Counted before the schema check, which costs time for each event.
  const listed = sent?.epcisBody?.eventList;
  if (isDocument && Array.isArray(listed) && listed.length > EPCIS_CAPTURE_EVENT_LIMIT)
    throw new HttpError(413, EPCIS_MSG.tooManyEvents);
  const errors = epcisSchemaErrors(document);
  if (errors.length && (!proceed || errors.some((e) => eventIndexOf(e.path) === undefined)))
    throw badRequest(
      `The document is not a valid EPCISDocument: ${errors.length} error(s)`,
      listedErrors(errors),
    );
  for (const e of errors) refuse(eventIndexOf(e.path) as number, e);
  if (!isDocument && !EVENT_TYPES.has(String(sent?.type))) throw badRequest(EPCIS_MSG.notCapturable);
  const eventList = isDocument ? (sent?.epcisBody?.eventList ?? []) : [document as CapturedEvent];
  const pointer = (index: number) => (isDocument ? `/epcisBody/eventList/${index}/eventID` : '/eventID');
  // An event the schema refused may be anything (null, a number): only the others are read on.
  const tooLong = eventList.flatMap((e, index) =>
    !refused.has(index) && (e.eventID?.length ?? 0) > EPCIS_EVENT_ID_MAX
      ? [{ index, path: pointer(index), message: EPCIS_MSG.eventIdTooLong }]
      : [],
  );
  if (tooLong.length && !proceed)
    throw badRequest(
      EPCIS_MSG.eventIdTooLong,
      tooLong.map(({ path, message }) => ({ path, message })),
    );
  for (const { index, path, message } of tooLong) refuse(index, { path, message });

  const epcs = eventList.reduce(
    (n, e, index) =>
      refused.has(index)
        ? n
        : n + (e.epcList?.length ?? 0) + ((e.childEPCs as unknown[] | undefined)?.length ?? 0),
    0,
  );
  if (epcs > EPCIS_CAPTURE_EPC_LIMIT) throw new HttpError(413, EPCIS_MSG.tooManyEpcs);
  const candidates = eventList.flatMap((event, index) => (refused.has(index) ? [] : [{ event, index }]));
  const readers = await repo.endpointsOf(ctx.db, caller.orgId, siteScope(caller));
  const forms = await epcFormsOf(candidates.map((c) => c.event));
  const hexesOf = (epc: string) => forms.get(epc)?.hexes ?? [];
  const canonical = (uri: string) => forms.get(uri)?.canonical ?? canonicalId(uri);
  const byEpcisId = new Map(readers.map((e) => [epcisIdOf('endpoint', e), e]));
  // Each event: a sighting of one of the caller's endpoints (each EPC's candidate hexes), or kept.
  let read = candidates.map(({ event, index }) => {
    const endpoint = event.readPoint ? byEpcisId.get(event.readPoint.id) : undefined;
    // An error declaration says an event was wrong: kept as received, never applied as a sighting.
    const observes =
      event.type === 'ObjectEvent' &&
      (event.action === 'OBSERVE' || event.action === 'ADD') &&
      event.errorDeclaration === undefined;
    const tags = observes && endpoint ? (event.epcList ?? []).map(hexesOf) : [];
    const seen = endpoint && tags.length && tags.every((h) => h.length) ? { endpoint, tags } : undefined;
    return { event, index, seen };
  });
  // A kept event is the organization's (answered to callers who may read every site), so a caller
  // limited to some sites captures only sightings of its own endpoints; nothing is stored otherwise.
  if (siteScope(caller) && read.some((r) => !r.seen)) {
    if (!proceed) throw forbidden(EPCIS_MSG.keptNeedsAllSites);
    for (const r of read)
      if (!r.seen)
        refuse(r.index, { path: `/epcisBody/eventList/${r.index}`, message: EPCIS_MSG.keptNeedsAllSites });
    read = read.filter((r) => r.seen);
  }

  const identities = read.map(({ event, index }) => ({
    index,
    eventId: event.eventID ?? capturedEventId(event, canonical),
    errorDeclaration: event.errorDeclaration !== undefined,
    digest: contentDigest(event),
    sent: event.eventID !== undefined,
  }));
  const { repeats, conflicts } = repeatsAndConflicts(
    identities,
    await repo.capturedIds(
      ctx.db,
      caller.orgId,
      identities.map((i) => i.eventId),
    ),
    pointer,
  );
  if (conflicts.length && !proceed) throw new HttpError(409, EPCIS_MSG.eventIdTaken, undefined, conflicts);
  for (const c of conflicts) refuse(eventIndexOf(c.path) as number, c);
  const fresh = read
    .map((r, position) => ({ ...r, identity: identities[position] as Identity }))
    .filter((_, position) => !repeats[position]);

  // One lookup for the whole document, not one per event.
  const known = await repo.knownTags(
    ctx.db,
    caller.orgId,
    fresh.flatMap((r) => r.seen?.tags.flat() ?? []),
  );
  const sightings = new Map<string, { endpoint: (typeof readers)[number]; batch: NormalizedSighting[] }>();
  const kept: repo.KeptEvent[] = [];
  for (const { event, seen, identity } of fresh) {
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
      eventId: identity.eventId,
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
  const ids = fresh.map(({ identity: { sent: _, ...id } }) => id);
  // The errors of the events left out, in the document's order.
  const outcome = {
    errorBehaviour: behaviour,
    errors: listedErrors([...refused.entries()].sort(([a], [b]) => a - b).flatMap(([, list]) => list)),
  };
  const store = async (tx: Tx) => {
    // Another capture took one of these eventIDs since they were checked: this one stores nothing.
    if (!(await repo.storeCapture(tx, caller.orgId, captureId, kept, ids, eventList.length, outcome)))
      throw new EventIdRace();
  };
  if (sightings.size) {
    const batches = [...sightings.values()].map(({ endpoint, batch }) => ({ endpoint, batch }));
    await ingestTogether(ctx.tracking, caller.orgId, batches, Date.now(), store, { log });
  } else {
    await ctx.db.transaction(store);
  }
  return captureId;
}

/** A capture job is read with the right that captures: what a document held is the capturer's. */
export async function captureJob(ctx: AppContext, caller: Caller, captureId: string) {
  authorize(caller, 'things', 'create');
  const row = await repo.findCapture(ctx.db, caller.orgId, captureId);
  if (!row) throw notFound('Capture');
  return {
    captureID: row.id,
    createdAt: row.timeCreated.toISOString(),
    ...(row.timeFinished ? { finishedAt: row.timeFinished.toISOString() } : {}),
    running: row.state === 'running',
    success: row.state === 'success',
    captureErrorBehaviour: row.errorBehaviour === 'proceed' ? ('proceed' as const) : ('rollback' as const),
    errors: (row.errors as { path: string; message: string }[]) ?? [],
  };
}
