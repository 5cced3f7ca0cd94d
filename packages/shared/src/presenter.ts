/**
 * Field tables: how an entity's API object is read from its stored fields, one entry per API key
 * in the schema's order. The table is data, so the same table is read two ways: `presentFields`
 * here (a row or tracking state to an object) and, on the server, an SQL projection writing the
 * same JSON text (platform/present-sql.ts). A kind names one conversion both readings implement.
 */
import type { z } from 'zod';

export type Field =
  /** The stored value as it is. */
  | { kind: 'plain'; from: string }
  /** Null reads as ''. */
  | { kind: 'textOrEmpty'; from: string }
  /** A time (Date or epoch ms) as ISO 8601 with milliseconds in UTC; null stays null. */
  | { kind: 'time'; from: string }
  /** One of `values`; anything else reads as `fallback`. */
  | { kind: 'oneOf'; from: string; values: readonly string[]; fallback: string }
  /** `[x, y]` from two numbers; null when either is null. */
  | { kind: 'point'; from: readonly [string, string] }
  /** Sighting data: `{ cFloat0 }` when it is a number, else `{}`. */
  | { kind: 'sightingData'; from: string };

/** A field table for the API object `Api`: every key, in the order the API writes them. */
export type FieldTable<Api> = { readonly [K in keyof Api]-?: Field };

export const plain = (from: string): Field => ({ kind: 'plain', from });

/**
 * The table of a schema whose keys are read as they are stored, under the column's name: each
 * key of `schema` is `plain(key)` unless `renamed` reads it otherwise. A key added to the schema
 * is then presented with no other change, provided its column bears its name.
 */
export function fieldsOf<S extends z.ZodObject>(
  schema: S,
  renamed: Partial<Record<keyof z.infer<S>, Field>> = {},
): FieldTable<z.infer<S>> {
  const table: Record<string, Field> = {};
  for (const key of Object.keys(schema.shape)) {
    table[key] = (renamed as Record<string, Field | undefined>)[key] ?? plain(key);
  }
  return table as FieldTable<z.infer<S>>;
}

const isoTime = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as Date | number).toISOString();

function read(field: Field, source: Readonly<Record<string, unknown>>): unknown {
  switch (field.kind) {
    case 'plain':
      return source[field.from];
    case 'textOrEmpty':
      return source[field.from] ?? '';
    case 'time':
      return isoTime(source[field.from]);
    case 'oneOf': {
      const value = source[field.from];
      return field.values.includes(value as string) ? value : field.fallback;
    }
    case 'point': {
      const x = source[field.from[0]];
      const y = source[field.from[1]];
      return x === null || y === null ? null : [x, y];
    }
    case 'sightingData': {
      const data = source[field.from] as { cFloat0?: unknown } | null | undefined;
      return typeof data?.cFloat0 === 'number' ? { cFloat0: data.cFloat0 } : {};
    }
  }
}

/** One field of `table` read from `source`. */
export function presentField<Api>(table: FieldTable<Api>, key: keyof Api, source: object): unknown {
  return read(table[key], source as Record<string, unknown>);
}

/** The API object of `source` (a row, or state with the same field names), keys in the table's order. */
export function presentFields<Api>(table: FieldTable<Api>, source: object): Api {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(table) as (keyof Api & string)[]) {
    out[key] = read(table[key], source as Record<string, unknown>);
  }
  return out as Api;
}
