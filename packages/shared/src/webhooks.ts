/** Webhooks: what a change sends, where, and how it was delivered. */
import { z } from 'zod';
import { WEBHOOK_EVENTS } from './constants.js';
import { FILTER_REGEX_MSG, filterRegexProblem } from './filter-regex.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/**
 * What a delivery's body is: `json`, the change through the field mapping; `epcis`, an EPCIS 2.0
 * EPCISDocument of the sightings' ObjectEvents (docs/epcis.md), for `seen` and `zoneChange` only.
 */
export const WEBHOOK_FORMATS = ['json', 'epcis'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
/** The events an `epcis` webhook may send: the ones that are sightings. */
export const EPCIS_WEBHOOK_EVENTS: readonly WebhookEvent[] = ['seen', 'zoneChange'];

/** Local fields a mapping row may send: the thing's, the event's, and a constant string. */
export const WEBHOOK_THING_FIELDS = [
  'name',
  'serial',
  'class',
  'tags',
  'categoryNames',
  'labels',
  '_id',
] as const;
export const WEBHOOK_EVENT_FIELDS = [
  'tag',
  'time',
  'zone',
  'zoneName',
  'endpoint',
  'endpointName',
  'direction',
  'antenna',
] as const;
/** The exception's fields (event `exception`; null for the other events). */
export const WEBHOOK_EXCEPTION_FIELDS = [
  'change',
  'state',
  'exceptionId',
  'exceptionType',
  'message',
] as const;
export const WEBHOOK_LOCAL_FIELDS = [
  ...WEBHOOK_THING_FIELDS,
  ...WEBHOOK_EVENT_FIELDS,
  ...WEBHOOK_EXCEPTION_FIELDS,
  'customString',
] as const;
export type WebhookLocalField = (typeof WEBHOOK_LOCAL_FIELDS)[number];
/** Only these list fields take filters. */
export const WEBHOOK_FILTERABLE_FIELDS = ['tags', 'categoryNames', 'labels'] as const;
export const isFilterable = (field: string) =>
  (WEBHOOK_FILTERABLE_FIELDS as readonly string[]).includes(field);

/** Delivery constants: how long one attempt waits, and the headers every delivery carries. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Standard Webhooks headers: the message id, the send time (Unix seconds) and `v1,<base64 HMAC>`. */
export const STANDARD_WEBHOOK_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
/** Deprecated: `sha256=<hex HMAC-SHA256 of the body>`, still sent for one release beside `webhook-signature`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sightline-signature';
export const WEBHOOK_DELIVERY_HEADER = 'x-sightline-delivery';
export const WEBHOOK_EVENT_HEADER = 'x-sightline-event';

export const WEBHOOK_MSG = {
  targetUrlRequired: 'Target URL is required',
  targetUrlInvalid: 'Target URL must be an http or https address',
  targetUrlPrivate:
    "Target URL must not be a loopback, private, link-local, reserved, metadata or this server's own address",
  targetUrlUnresolved: 'Target URL host could not be resolved',
  eventRequired: 'Please select an item.',
  localFieldRequired: 'Local field is required',
  remoteFieldRequired: 'Remote field name is required',
  stringValueRequired: 'Custom string value is required for customString',
  filtersNotAllowed: 'Filters are only allowed for tags, categoryNames and labels',
  headerNameInvalid: 'Header name must be a valid HTTP token',
  headerValueInvalid: 'Header value may hold only printable ASCII characters, spaces and tabs',
  headerReserved: 'This header is set by Sightline',
  headerHopByHop:
    'This header belongs to one connection (hop-by-hop: te, trailer, upgrade, keep-alive, proxy-*) and cannot be set',
  regexInvalid: FILTER_REGEX_MSG.invalid,
  regexUnsupported: FILTER_REGEX_MSG.unsupported,
  regexTooComplex: FILTER_REGEX_MSG.tooComplex,
  duplicateRemoteField: 'Each remote field name may be used once',
  epcisEvents: 'The EPCIS format sends sightings: only the seen and zoneChange events can use it',
  noNul: 'must not contain NUL characters',
} as const;

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) => z.string().max(max).refine(noNul, WEBHOOK_MSG.noNul);

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * Printable ASCII, space and tab: what every HTTP stack writes as it is. Control characters would
 * split or corrupt the request; other characters are refused by Node or sent as bytes the receiver
 * reads in an encoding of its own guessing.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
export const isHeaderName = (name: string) => HEADER_NAME.test(name) && name.length <= 200;
export const isHeaderValue = (value: string) => HEADER_VALUE.test(value) && value.length <= 4000;
/** Headers the sender owns: a webhook may not override them. */
export const RESERVED_HEADERS = [
  'host',
  'content-length',
  'content-type',
  // The body is sent as it is: another encoding named would make the receiver misread it.
  'content-encoding',
  'user-agent',
  'transfer-encoding',
  'connection',
  ...STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
] as const;

/**
 * Hop-by-hop headers (RFC 9110 7.6.1) describe one connection, not the request: Node's client
 * refuses some (a `trailer` without chunked encoding) and a proxy drops or misreads the others.
 */
const HOP_BY_HOP_HEADERS = ['te', 'trailer', 'upgrade', 'keep-alive'];
export const isHopByHopHeader = (name: string) => {
  const lower = name.toLowerCase();
  return HOP_BY_HOP_HEADERS.includes(lower) || lower.startsWith('proxy-');
};

export const RequestHeaders = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  const entries = Object.entries(headers);
  if (entries.length > 50) ctx.addIssue({ code: 'custom', message: 'At most 50 headers' });
  for (const [name, value] of entries) {
    if (!isHeaderName(name))
      ctx.addIssue({ code: 'custom', path: [name], message: WEBHOOK_MSG.headerNameInvalid });
    else if ((RESERVED_HEADERS as readonly string[]).includes(name.toLowerCase()))
      ctx.addIssue({ code: 'custom', path: [name], message: WEBHOOK_MSG.headerReserved });
    else if (isHopByHopHeader(name))
      ctx.addIssue({ code: 'custom', path: [name], message: WEBHOOK_MSG.headerHopByHop });
    if (!isHeaderValue(value))
      ctx.addIssue({ code: 'custom', path: [name], message: WEBHOOK_MSG.headerValueInvalid });
  }
});

export const WebhookField = z
  .object({
    localField: z.enum(WEBHOOK_LOCAL_FIELDS, { error: WEBHOOK_MSG.localFieldRequired }),
    remoteFieldName: text(200)
      .trim()
      .min(1, WEBHOOK_MSG.remoteFieldRequired)
      .refine((s) => s !== '__proto__', 'Not an allowed field name'),
    stringValue: text(2000).default(''),
    invertFilters: z.boolean().default(false),
    filterPrefix: text(200).default(''),
    filterSuffix: text(200).default(''),
    filterRegex: text(500)
      .default('')
      .superRefine((source, ctx) => {
        const problem = source ? filterRegexProblem(source) : undefined;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    filterValidValues: z.array(text(200)).max(500).default([]),
  })
  .superRefine((f, ctx) => {
    if (f.localField === 'customString' && !f.stringValue)
      ctx.addIssue({ code: 'custom', path: ['stringValue'], message: WEBHOOK_MSG.stringValueRequired });
    const hasFilter =
      f.invertFilters || f.filterPrefix || f.filterSuffix || f.filterRegex || f.filterValidValues.length > 0;
    if (hasFilter && !isFilterable(f.localField))
      ctx.addIssue({ code: 'custom', path: ['localField'], message: WEBHOOK_MSG.filtersNotAllowed });
  });
export type WebhookField = z.infer<typeof WebhookField>;
export type WebhookFieldInput = z.input<typeof WebhookField>;

/** An http(s) URL without credentials; whether its address is allowed is the server's check. */
export const TargetUrl = text(2000)
  .trim()
  .min(1, WEBHOOK_MSG.targetUrlRequired)
  .refine((s) => {
    try {
      const url = new URL(s);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, WEBHOOK_MSG.targetUrlInvalid);

/** The OpenAPI description of a webhook's event (docs/webhooks.md has the payloads). */
const WEBHOOK_EVENT_DOC =
  'What the webhook listens for: seen (a reader saw a thing), zoneChange, created, updated, deleted ' +
  '(a thing), or exception (an exception created, acknowledged, resolved or escalated: the body ' +
  'carries `change`, `state` and the exception). See docs/webhooks.md.';

export const WebhookInput = z
  .object({
    event: z
      .enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.eventRequired })
      .default('seen')
      .describe(WEBHOOK_EVENT_DOC),
    format: z.enum(WEBHOOK_FORMATS).default('json'),
    targetUrl: TargetUrl,
    requestHeaders: RequestHeaders.default({}),
    fields: z.array(WebhookField).max(100).default([]),
  })
  .superRefine((w, ctx) => {
    if (w.format === 'epcis' && !EPCIS_WEBHOOK_EVENTS.includes(w.event))
      ctx.addIssue({ code: 'custom', path: ['format'], message: WEBHOOK_MSG.epcisEvents });
    const seen = new Set<string>();
    w.fields.forEach((f, i) => {
      if (seen.has(f.remoteFieldName))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'remoteFieldName'],
          message: WEBHOOK_MSG.duplicateRemoteField,
        });
      seen.add(f.remoteFieldName);
    });
  });
export type WebhookInput = z.infer<typeof WebhookInput>;
export type WebhookInputRaw = z.input<typeof WebhookInput>;

export const Webhook = z.object({
  id: Id,
  event: z.enum(WEBHOOK_EVENTS).describe(WEBHOOK_EVENT_DOC),
  format: z.enum(WEBHOOK_FORMATS),
  targetUrl: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  fields: z.array(
    z.object({
      localField: z.enum(WEBHOOK_LOCAL_FIELDS),
      remoteFieldName: z.string(),
      stringValue: z.string(),
      invertFilters: z.boolean(),
      filterPrefix: z.string(),
      filterSuffix: z.string(),
      filterRegex: z.string(),
      filterValidValues: z.array(z.string()),
    }),
  ),
  timeCreated: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** The creation and rotation answers: the only times the signing secret is shown. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const WebhookListQuery = listQuery().extend({ event: z.enum(WEBHOOK_EVENTS).optional() });
export type WebhookListQuery = z.infer<typeof WebhookListQuery>;
export const WEBHOOK_SORT_FIELDS = ['event', 'targetUrl', 'timeCreated'] as const;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
/** Bounds of what the delivery log keeps of each attempt. */
export const WEBHOOK_ATTEMPT_LIMITS = {
  requestBodyChars: 16_384,
  responseBytes: 500,
  responseHeaders: 50,
  headerValueChars: 500,
} as const;

/** One HTTP attempt of a delivery, as sent and as answered. */
export const WebhookAttempt = z.object({
  attempt: z.number(),
  time: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  latencyMs: z.number(),
  request: z.object({
    headers: z.record(z.string(), z.string()),
    /** The body sent, cut at `requestBodyChars`. */
    body: z.string(),
  }),
  /** Null when no answer came (refused address, timeout, connection error). */
  response: z
    .object({
      status: z.number(),
      headers: z.record(z.string(), z.string()),
      /** The answer's first bytes (UTF-8), at most `responseBytes`. */
      excerpt: z.string(),
    })
    .nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  state: z.enum(DELIVERY_STATES),
  /** Time of the last attempt, else of queueing. */
  time: z.string(),
  timeQueued: z.string(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().nullable(),
  attempt: z.number(),
  nextAttempt: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  /** Every attempt, oldest first (none yet while `attempt` is 0). */
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** A delivery of a webhook: its id is a decimal number. */
export const DeliveryParams = z.object({ id: Id, deliveryId: z.string().regex(/^[0-9]{1,18}$/) });
export const WEBHOOK_REDELIVER_MSG = {
  pending: 'This delivery is still pending: it cannot be redelivered yet',
  queued: 'A redelivery of this message is already queued',
} as const;
export const DeliveryListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** POST api/messages/user: a message to a user, delivered on the live stream as a notification. */
export const USER_MESSAGE_MAX = 2000;
export const UserMessageInput = z
  .object({
    user: Id,
    message: text(USER_MESSAGE_MAX).trim().min(1, 'Message is required'),
  })
  .strict();
export type UserMessageInput = z.infer<typeof UserMessageInput>;
export const UserNotification = z.object({
  id: z.string(),
  from: z.object({ id: z.string(), name: z.string() }),
  message: z.string(),
  time: z.string(),
});
export type UserNotification = z.infer<typeof UserNotification>;
