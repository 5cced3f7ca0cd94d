/**
 * An editor's defaults and body read from the shared zod input schema it is checked with, so a
 * plain field added to that schema is in the form's defaults and in the body it sends with no
 * change to the editor's form module: only its input is declared on the screen.
 */
import type { z } from 'zod';

/**
 * Each key of `schema` that has a default, at that default (what the server stores when the key is
 * left out); each call gets its own copies, so a form may change them.
 */
export function schemaDefaults<S extends z.ZodObject>(schema: S): Partial<z.input<S>> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) out[key] = structuredClone(parsed.data);
  }
  return out as Partial<z.input<S>>;
}

/**
 * The keys of `schema` read from a form's `values`, as they are: the body before the conversions
 * the form adds (trimming, empty numbers). Keys the schema does not know (`_id`) are left out.
 */
export function schemaBody<S extends z.ZodObject>(schema: S, values: object): Partial<z.input<S>> {
  const source = values as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, source[key]])) as Partial<
    z.input<S>
  >;
}
