/**
 * EPCIS 2.0: the query parameters of the REST binding Sightline answers, the CBV business steps
 * its events map to, and the identifiers it derives for endpoints, zones and sites that have no
 * `epcisId` of their own. The documents themselves are checked against GS1's JSON schema.
 */
import { z } from 'zod';
import { IsoTime } from './dates.js';
import { Id } from './ids.js';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
export const EPCIS_MEDIA_TYPE = 'application/ld+json';

/**
 * The CBV business step of each kind of Sightline event (docs/epcis.md):
 * a gate passage (IN or OUT) or a move by hand put the thing into a zone; a reading at a zone's
 * reader without direction (NEAR) counts what is at that location.
 */
export const EPCIS_BIZ_STEPS = {
  enteredZone: 'entering_exiting',
  seenInZone: 'cycle_counting',
} as const;

/** An `epcisId`: empty (Sightline derives one) or an absolute URI, such as an SGLN's. */
export const EpcisId = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(v),
    'must be a URI, such as urn:epc:id:sgln:0614141.00001.0',
  );

export type EpcisRecordKind = 'endpoint' | 'zone' | 'site';

/** The identifier of a record with no `epcisId`: a URN naming the record. */
export function defaultEpcisId(kind: EpcisRecordKind, id: string) {
  return `urn:sightline:${kind}:${id}`;
}

/** The `epcisId` a record is known by in EPCIS documents. */
export function epcisIdOf(kind: EpcisRecordKind, record: { id: string; epcisId: string }) {
  return record.epcisId || defaultEpcisId(kind, record.id);
}

export const EPCIS_PER_PAGE_DEFAULT = 100;
export const EPCIS_PER_PAGE_MAX = 1000;

/** A list parameter of the REST binding: values separated by `|`. */
const UriList = z
  .string()
  .max(10_000)
  .transform((v) =>
    v
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(1)).max(100));

export const EPCIS_EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
  'AssociationEvent',
] as const;

/** GET /api/epcis/events: the standard's query parameters Sightline answers, and `site`. */
/**
 * Most EPCs (`epcList` and `childEPCs` of all its events) one captured document holds: each EPC is
 * looked up under every encoding of its tag, so a bigger document is refused (413, GS1's
 * CaptureLimitExceededException) instead of holding the request for a minute.
 */
export const EPCIS_CAPTURE_EPC_LIMIT = 10_000;
/**
 * Most events one captured document holds (GS1's `GS1-EPCIS-Capture-Limit`): each is checked
 * against GS1's schema, so a document of hundreds of thousands of tiny events is refused (413)
 * before it holds the server for seconds.
 */
export const EPCIS_CAPTURE_EVENT_LIMIT = 10_000;

/** Texts of the EPCIS API's refusals. */
/** The longest eventID a capture keeps (and a path parameter carries). */
export const EPCIS_EVENT_ID_MAX = 1000;

export const EPCIS_MSG = {
  notCapturable:
    'Capture takes an EPCISDocument or a single event (ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent, AssociationEvent)',
  eventIdTooLong: `An eventID is at most ${EPCIS_EVENT_ID_MAX} characters`,
  tooManyEpcs: `A captured document holds at most ${EPCIS_CAPTURE_EPC_LIMIT} EPCs: send its events in several documents`,
  tooManyEvents: `A captured document holds at most ${EPCIS_CAPTURE_EVENT_LIMIT} events: send them in several documents`,
  keptNeedsAllSites:
    'Events other than sightings at your own endpoints are kept for the whole organization: capturing them needs access to all sites',
  eventIdTaken:
    'An eventID names one event: the document gives the eventID of another event captured in this organization, so nothing of it was stored (ResourceAlreadyExistsException)',
} as const;

export const EpcisEventsQuery = z.object({
  GE_eventTime: IsoTime.optional().describe('Events at or after this time (ISO 8601).'),
  LT_eventTime: IsoTime.optional().describe('Events before this time (ISO 8601).'),
  GE_recordTime: IsoTime.optional().describe(
    "Events recorded at or after this time; a Sightline event's record time is its last sighting.",
  ),
  LT_recordTime: IsoTime.optional().describe('Events recorded before this time.'),
  EQ_action: z
    .string()
    .transform((v) => v.split('|'))
    .pipe(z.array(z.enum(['ADD', 'OBSERVE', 'DELETE'])))
    .optional()
    .describe("Actions, separated by `|`: Sightline's own events are `OBSERVE`."),
  EQ_bizStep: UriList.optional().describe(
    'CBV business steps (bare, URN or `https://ref.gs1.org/cbv/BizStep-…`), separated by `|`.',
  ),
  EQ_readPoint: UriList.optional().describe("Read points: endpoints' EPCIS ids, separated by `|`."),
  WD_readPoint: UriList.optional().describe(
    "Read points or what holds them: endpoints' or sites' EPCIS ids (a site: its endpoints).",
  ),
  EQ_bizLocation: UriList.optional().describe(
    "Business locations: zones' EPCIS ids (a site's for events without a zone).",
  ),
  WD_bizLocation: UriList.optional().describe(
    "Business locations or what holds them: zones' or sites' EPCIS ids (a site: every event there).",
  ),
  MATCH_epc: UriList.optional().describe(
    'EPCs in `epcList`: pure identity or raw URIs, or `urn:epc:idpat:sgtin:…` patterns with `*`.',
  ),
  MATCH_anyEPC: UriList.optional().describe(
    'EPCs in any EPC field (`epcList`, `childEPCs`, …): URIs or `idpat` patterns.',
  ),
  eventType: z
    .string()
    .transform((v) => v.split('|'))
    .pipe(z.array(z.enum(EPCIS_EVENT_TYPES)))
    .optional()
    .describe('Event types, separated by `|` (`ObjectEvent`, `AggregationEvent`, …).'),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(EPCIS_PER_PAGE_MAX)
    .default(EPCIS_PER_PAGE_DEFAULT)
    .describe('Events per page.'),
  nextPageToken: z
    .string()
    .max(500)
    .optional()
    .describe('The next page: as named by the previous answer\'s `Link: <…>; rel="next"` header.'),
  site: Id.optional().describe("One site's events only (404 when the caller may not read it)."),
});
export type EpcisEventsQuery = z.infer<typeof EpcisEventsQuery>;

/** The path parameter of the sub-resources (`/epcs/{epc}/events` …): a URI, percent-encoded. */
export const EpcisPathId = z.object({
  id: z.string().min(1).max(2000).describe('The identifier (a URI, or an eventID), percent-encoded.'),
});

/**
 * An EPCIS event as answered: its JSON-LD object, open (GS1's schema checks it). The fields
 * Sightline reads are typed.
 */
export const EpcisEvent = z.looseObject({
  type: z.string(),
  eventID: z.string().optional(),
  eventTime: z.string(),
  eventTimeZoneOffset: z.string(),
});
export type EpcisEvent = z.infer<typeof EpcisEvent>;

export const EpcisQueryDocument = z.looseObject({
  '@context': z.unknown(),
  type: z.literal('EPCISQueryDocument'),
  schemaVersion: z.string(),
  creationDate: z.string(),
  epcisBody: z.object({
    queryResults: z.object({
      queryName: z.string(),
      resultsBody: z.object({ eventList: z.array(EpcisEvent) }),
    }),
  }),
});
export type EpcisQueryDocument = z.infer<typeof EpcisQueryDocument>;

/** An EPCISDocument as Sightline writes one (the Events screen's download, webhooks). */
export const EpcisDocument = z.looseObject({
  '@context': z.unknown(),
  type: z.literal('EPCISDocument'),
  schemaVersion: z.string(),
  creationDate: z.string(),
  epcisBody: z.object({ eventList: z.array(EpcisEvent) }),
});
export type EpcisDocument = z.infer<typeof EpcisDocument>;

/** GET /api/epcis/capture/{captureID}: the capture job as the REST binding describes it. */
export const EpcisCaptureJob = z.object({
  captureID: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  running: z.boolean(),
  success: z.boolean(),
  /** The capture's `GS1-Capture-Error-Behaviour`: whole or nothing, or every valid event. */
  captureErrorBehaviour: z.enum(['rollback', 'proceed']),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type EpcisCaptureJob = z.infer<typeof EpcisCaptureJob>;

/**
 * How a capture treats a document with errors (GS1's `GS1-Capture-Error-Behaviour` header):
 * `rollback` (the default) stores nothing of it; `proceed` stores its valid events and lists the
 * others' errors in the capture job.
 */
export const EPCIS_CAPTURE_ERROR_BEHAVIOURS = ['rollback', 'proceed'] as const;
export type EpcisCaptureErrorBehaviour = (typeof EPCIS_CAPTURE_ERROR_BEHAVIOURS)[number];

/** POST /api/epcis/capture's headers. */
export const EpcisCaptureHeaders = z.object({
  'gs1-capture-error-behaviour': z
    .enum(EPCIS_CAPTURE_ERROR_BEHAVIOURS)
    .optional()
    .describe(
      '`rollback` (default): a document with any error stores nothing. `proceed`: its valid events are stored, and the capture job lists the errors of the others.',
    ),
});

/** POST /api/epcis/capture: an EPCISDocument, checked against GS1's schema by the server. */
export const EpcisCaptureBody = z
  .unknown()
  .describe("An EPCISDocument (or one EPCIS event) by GS1's EPCIS 2.0 JSON schema, as JSON or JSON-LD.");
