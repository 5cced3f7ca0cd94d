/**
 * GS1's EPCIS 2.0 JSON schema (gs1/, with GS1's licence), compiled once: every capture is checked
 * against it, and the tests check every query answer. Errors are listed as `path: message`.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import schema from './gs1/EPCIS-JSON-Schema.json' with { type: 'json' };

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);

export interface SchemaError {
  path: string;
  message: string;
}

/** What is wrong with a document by GS1's schema; empty when it is valid. */
export function epcisSchemaErrors(document: unknown): SchemaError[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map((e) => ({
    path: e.instancePath || '/',
    message: `${e.message ?? 'is not valid'}${e.params && 'allowedValues' in e.params ? ` (${String(e.params.allowedValues)})` : ''}`,
  }));
}
