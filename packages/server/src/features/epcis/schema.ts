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

/** What is wrong with a document by GS1's schema; empty when it is valid. */
export function epcisSchemaErrors(document: unknown): SchemaError[] {
  if (validate(document)) return [];
  const found = validate.errors ?? [];
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
