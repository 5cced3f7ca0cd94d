/**
 * GS1's EPCIS 2.0 JSON schema (gs1/, with GS1's licence), compiled once: every capture is checked
 * against it, and the tests check every query answer. Errors are listed as `path: message`, one
 * per place: the schema's alternatives (anyOf, if/then) are said once, as what the place may hold.
 */
import { inTimeRange, TIME_RANGE_MSG } from '@sightline/shared';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import schema from './gs1/EPCIS-JSON-Schema.json' with { type: 'json' };

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
// A date-time is also within the times Sightline stores (shared `inTimeRange`): year 0000 passes
// RFC 3339 but not PostgreSQL.
const rfc3339 = addFormats.default.get('date-time');
if (typeof rfc3339 !== 'object' || !('validate' in rfc3339) || typeof rfc3339.validate !== 'function')
  throw new Error("ajv-formats' date-time is a function format");
const rfc3339Valid = rfc3339.validate as (text: string) => boolean;
ajv.addFormat('date-time', { type: 'string', validate: (text) => rfc3339Valid(text) && inTimeRange(text) });
const validate = ajv.compile(schema);

export interface SchemaError {
  path: string;
  message: string;
}

/** Keywords that only say an alternative or a branch below failed: their leaves say what. */
const BRANCHES = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else']);

/** A property name the schema's `propertyNames` rule refuses (standard fields or `prefix:name`). */
export const EPCIS_FIELD_NOT_ALLOWED =
  "is not a field GS1's EPCIS 2.0 schema allows here: it is not one of this type's standard fields, and an extension field must be named with a namespace prefix (prefix:name)";

const pointerToken = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

function leafMessage(e: ErrorObject): string {
  if (e.keyword === 'format' && e.params.format === 'uri') return 'must be a URI';
  if (e.keyword === 'format' && e.params.format === 'date-time')
    return `must be an RFC 3339 date-time with a timezone; ${TIME_RANGE_MSG}`;
  if (e.keyword === 'enum') return `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
  return e.message ?? 'is not valid';
}

/** One event of an EPCISDocument's `eventList`, by the same schema. */
const validateEvent = ajv.getSchema(`${schema.$id}#/definitions/EPCIS-Document-Event`);
if (!validateEvent) throw new Error("GS1's schema defines no EPCIS-Document-Event");

/** The errors listed at most; a last entry says how many more there were. */
export const EPCIS_ERRORS_LISTED = 1000;

/**
 * ajv's errors for a document. An EPCISDocument's frame (its list emptied) and each of its events
 * are checked apart, with the same definitions: checked whole, a list of thousands of invalid
 * events costs ajv time in the square of their number (20,000 `null`s: 22 s), apart it is linear.
 */
function errorObjects(document: unknown): ErrorObject[] {
  const body = (document as { type?: unknown; epcisBody?: { eventList?: unknown } } | null)?.epcisBody;
  const events = body?.eventList;
  if ((document as { type?: unknown } | null)?.type !== 'EPCISDocument' || !Array.isArray(events))
    return validate(document) ? [] : [...(validate.errors ?? [])];
  const frame = { ...(document as object), epcisBody: { ...body, eventList: [] } };
  const found = validate(frame) ? [] : [...(validate.errors ?? [])];
  events.forEach((event, index) => {
    if (validateEvent?.(event)) return;
    for (const e of validateEvent?.errors ?? [])
      found.push({ ...e, instancePath: `/epcisBody/eventList/${index}${e.instancePath}` });
  });
  return found;
}

/** What is wrong with a document by GS1's schema; empty when it is valid. */
export function epcisSchemaErrors(document: unknown): SchemaError[] {
  const found = errorObjects(document);
  return found.length ? pointedErrors(found) : [];
}

/** At most EPCIS_ERRORS_LISTED errors, the last saying how many more there were (an answer's, a job's). */
export function listedErrors(errors: SchemaError[]): SchemaError[] {
  if (errors.length <= EPCIS_ERRORS_LISTED) return errors;
  const more = errors.length - EPCIS_ERRORS_LISTED + 1;
  return [...errors.slice(0, EPCIS_ERRORS_LISTED - 1), { path: '', message: `and ${more} more errors` }];
}

/** ajv's errors as one per place, each saying what the place may hold. */
function pointedErrors(found: ErrorObject[]): SchemaError[] {
  const byPath = new Map<string, Set<string>>();
  const add = (path: string, message: string) => {
    const messages = byPath.get(path) ?? new Set<string>();
    messages.add(message);
    byPath.set(path, messages);
  };
  // Objects with a refused property name: the enum and format failures at the object itself are
  // that name's alternatives (through a $ref, ajv does not mark them with `propertyName`).
  const refusingNames = new Set(
    found.filter((e) => e.keyword === 'propertyNames').map((e) => e.instancePath),
  );
  for (const e of found) {
    if (BRANCHES.has(e.keyword)) continue;
    if (refusingNames.has(e.instancePath) && (e.keyword === 'enum' || e.keyword === 'format')) continue;
    const path = e.instancePath || '/';
    if (e.keyword === 'propertyNames') {
      add(`${e.instancePath}/${pointerToken(String(e.params.propertyName))}`, EPCIS_FIELD_NOT_ALLOWED);
      continue;
    }
    // The alternatives a refused property name failed: said once by its `propertyNames` error.
    if (e.propertyName !== undefined) continue;
    add(path, leafMessage(e));
  }
  const errors = [...byPath].map(([path, messages]) => ({ path, message: [...messages].join('; or ') }));
  // Only branch errors (a schema that says no more): listed as they are.
  return errors.length
    ? errors
    : found.map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'is not valid' }));
}
