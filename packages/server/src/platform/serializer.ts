/**
 * How routes' answers are checked and written (docs/decisions/0018-compiled-response-check.md). As
 * fastify-type-provider-zod's serializer: the route's zod response schema checks the answer and
 * shapes it (unknown keys dropped, keys in the schema's order), then JSON.stringify; an answer
 * that does not fit is a 500 (`ResponseSerializationError`).
 *
 * The difference is speed. That serializer encodes (zod's backward direction), which walks the
 * schema for every value and parses each checked value twice; a page of 1,000 things took
 * 10–50 ms. Where the schema reads the same in both directions (no codecs, transforms, defaults,
 * …: `sameBothWays`), the forward parse gives the same answer and the same failures, so it is
 * run with zod's compiled fast path (`compile`, generated code built once per route). Other
 * schemas keep the library's serializer.
 */
import {
  serializerCompiler as encodingSerializer,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import { $ZodType, compile, safeParse } from 'zod/v4/core';

type SerializerCompiler = typeof encodingSerializer;

/** Schema types whose parse does not depend on the direction (and holds no function of the value). */
const PLAIN = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'undefined',
  'literal',
  'enum',
  'any',
  'unknown',
  'never',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'nullable',
  'optional',
  'readonly',
]);

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  discriminator?: string;
  innerType?: $ZodType;
}

/** True when encoding and parsing `schema` give the same value and the same failures. */
export function sameBothWays(schema: $ZodType): boolean {
  const def = schema._zod.def as unknown as Def;
  if (!PLAIN.has(def.type)) return false;
  const all = (list: ($ZodType | null | undefined)[]) => list.every((s) => !s || sameBothWays(s));
  switch (def.type) {
    case 'object':
      return all([...Object.values(def.shape ?? {}), def.catchall]);
    case 'array':
      return all([def.element]);
    case 'tuple':
      return all([...(def.items ?? []), def.rest]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'union':
      // A discriminated union encodes an answer without its tag by trying each option; parsing does not.
      return def.discriminator === undefined && all(def.options ?? []);
    case 'nullable':
    case 'optional':
    case 'readonly':
      return all([def.innerType]);
    default:
      return true;
  }
}

function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
}

export const serializerCompiler: SerializerCompiler = (route) => {
  const schema = zodSchemaOf(route.schema);
  if (!schema || !sameBothWays(schema)) return encodingSerializer(route);
  const compiled = compile(schema);
  return (data: unknown) => {
    const result = safeParse(compiled, data);
    if (!result.success)
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
