/**
 * The CBV event hash (`ni:///sha-256;…?ver=CBV2.0`), the eventID of an EPCIS event that has no
 * other: a pre-hash string of the event's fields in the algorithm's canonical order, each as
 * `name=value`, lists as their name then each element (sorted), identifiers in their canonical
 * form (GS1 keys as Digital Links on id.gs1.org, CBV values as ref.gs1.org URIs, times in UTC
 * with milliseconds), then SHA-256.
 *
 * Written for the fields an ObjectEvent of Sightline has and a handheld's capture sends: type,
 * times, epcList, action, bizStep, disposition, readPoint and bizLocation. A captured event with
 * other fields keeps the eventID it came with, or gets the SHA-256 of its whole content
 * (`capturedEventId`), so that two events differing only there never share an eventID.
 */
import { createHash } from 'node:crypto';
import { decodeEpc, epcHexesOfUri } from '@sightline/shared';

const CBV = 'https://ref.gs1.org/cbv/';

/** A CBV value (a bare word, a `urn:epcglobal:cbv:…` URN or its URI) as its canonical URI. */
export function cbvUri(kind: 'BizStep' | 'Disp', value: string): string {
  if (/^https?:\/\//.test(value)) return value;
  const urn = /^urn:epcglobal:cbv:(?:bizstep|disp):(.+)$/.exec(value);
  if (urn?.[1]) return `${CBV}${kind}-${urn[1]}`;
  if (/^[a-z_]+$/.test(value)) return `${CBV}${kind}-${value}`;
  return value;
}

/** A Digital Link on any host, its primary key a numeric AI: the path from the AI, no query. */
const DIGITAL_LINK =
  /^https?:\/\/[^/]+\/(?:[^?#]*?\/)?((?:00|01|253|255|401|402|414|417|8003|8004|8006|8010|8017|8018)\/[^?#]+)/;

/**
 * A GS1 key URI as its canonical Digital Link (on id.gs1.org); any other URI as it is. `hexes`: the
 * URI's hexes when the caller has them already (`epcHexesOfUri`).
 */
export function canonicalId(uri: string, hexes?: readonly string[]): string {
  const link = DIGITAL_LINK.exec(uri);
  if (link?.[1]) return `https://id.gs1.org/${link[1]}`;
  if (!uri.startsWith('urn:epc:id:')) return uri;
  for (const hex of hexes ?? epcHexesOfUri(uri)) {
    const link = decodeEpc(hex).digitalLink;
    if (link) return link;
  }
  return uri;
}

/** An instant as the hash writes it: UTC, milliseconds (rounded half up), `Z`. */
function utc(time: string) {
  const fraction = /\.(\d+)/.exec(time)?.[1] ?? '';
  const ms = Math.round(Number(`0.${fraction || '0'}`) * 1000);
  const whole = new Date(time.replace(/\.\d+/, '')).getTime();
  return new Date(whole + ms).toISOString();
}

export interface HashableEvent {
  type: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  epcList?: string[];
  action?: string;
  bizStep?: string;
  disposition?: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
}

/** The keys this hash reads; an event with no others has the hash the standard's algorithm gives. */
export const HASHED_KEYS = new Set([
  'type',
  'eventTime',
  'eventTimeZoneOffset',
  'epcList',
  'action',
  'bizStep',
  'disposition',
  'readPoint',
  'bizLocation',
]);

/** How the hash writes an identifier: `canonicalId`, or a lookup of identifiers already written so. */
type Canonical = (uri: string) => string;
const canonicalOf: Canonical = (uri) => canonicalId(uri);

function preHashString(e: HashableEvent, canonical: Canonical): string {
  const parts = [
    `eventType=${e.type}`,
    `eventTime=${utc(e.eventTime)}`,
    `eventTimeZoneOffset=${e.eventTimeZoneOffset}`,
  ];
  if (e.epcList?.length) {
    const epcs = e.epcList.map(canonical).sort();
    parts.push(`epcList${epcs.map((epc) => `epc=${epc}`).join('')}`);
  }
  if (e.action) parts.push(`action=${e.action}`);
  if (e.bizStep) parts.push(`bizStep=${cbvUri('BizStep', e.bizStep)}`);
  if (e.disposition) parts.push(`disposition=${cbvUri('Disp', e.disposition)}`);
  if (e.readPoint?.id) parts.push(`readPointid=${canonical(e.readPoint.id)}`);
  if (e.bizLocation?.id) parts.push(`bizLocationid=${canonical(e.bizLocation.id)}`);
  return parts.join('');
}

export function eventHash(e: HashableEvent, canonical: Canonical = canonicalOf): string {
  const digest = createHash('sha256').update(preHashString(e, canonical), 'utf8').digest('hex');
  return `ni:///sha-256;${digest}?ver=CBV2.0`;
}

/** Keys that name or frame an event rather than state it: its eventID, recordTime, JSON-LD context. */
const NOT_CONTENT = new Set(['eventID', 'recordTime', '@context']);

/** JSON with every object's keys sorted: one text for one content, whatever order the keys came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** SHA-256 (hex) of an event's content: its JSON with keys sorted, without eventID, recordTime, @context. */
export function contentDigest(event: Record<string, unknown>): string {
  const content = Object.fromEntries(Object.entries(event).filter(([k]) => !NOT_CONTENT.has(k)));
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

/** Whether the hash reads every field the event has (of readPoint and bizLocation, only the id). */
function hashReadsAll(event: Record<string, unknown>) {
  return Object.entries(event).every(([key, value]) => {
    if (NOT_CONTENT.has(key)) return true;
    if (!HASHED_KEYS.has(key)) return false;
    if (key === 'readPoint' || key === 'bizLocation')
      return Object.keys(value as object).every((k) => k === 'id');
    return true;
  });
}

/**
 * The eventID of a captured event that was sent without one: the CBV event hash when it reads
 * every field of the event; otherwise the SHA-256 of the event's whole content (`ni:///sha-256;…`,
 * not the CBV algorithm's), since the hash of some of its fields would be shared by events that
 * differ in the others. Either way one content has one eventID, and another content another.
 */
export function capturedEventId(event: Record<string, unknown>, canonical: Canonical = canonicalOf): string {
  if (hashReadsAll(event)) return eventHash(event as unknown as HashableEvent, canonical);
  return `ni:///sha-256;${contentDigest(event)}`;
}
