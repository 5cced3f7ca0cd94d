import { z } from 'zod';
import { LIST_LIMIT_MAX, PAGE_SIZE_DEFAULT } from './constants.js';

/**
 * `sort`: a field name, optionally prefixed by `-`; with `fields` (a shared `*_SORT_FIELDS`) an
 * unknown field fails here, in the schema, with a 400 that names the sortable ones.
 */
export function sortParam(fields?: readonly string[]) {
  const name = z
    .string()
    .regex(/^-?[A-Za-z_][A-Za-z0-9_.]*$/, 'sort must be a field name, optionally prefixed by -');
  if (!fields) return name.optional();
  return name
    .superRefine((sort, ctx) => {
      const field = sort.startsWith('-') ? sort.slice(1) : sort;
      if (!fields.includes(field))
        ctx.addIssue({
          code: 'custom',
          message: `'${field}' is not a sortable field (${fields.join(', ')})`,
        });
    })
    .optional();
}

/**
 * Most rows a page may skip (page × limit): 2^53 − 1, the largest whole number JavaScript holds
 * exactly. PostgreSQL and PGlite take OFFSET as a 64-bit integer (at most about 9.2 × 10^18), so
 * a product past that bound was a database error (a 500); below it every offset is exact and far
 * deeper than any table, so no real paging reaches it.
 */
export const LIST_OFFSET_MAX = Number.MAX_SAFE_INTEGER;

/** The last page a list of `limit` rows per page can ask for. */
export const lastPage = (limit: number) => Math.floor(LIST_OFFSET_MAX / limit);

/**
 * `limit` (1 to `maxLimit`) and `page` (from 0), with page × limit within LIST_OFFSET_MAX: every
 * paged query (list helper or not) takes its paging from here, so the bound holds everywhere.
 */
export function paging(maxLimit: number = LIST_LIMIT_MAX, defaultLimit: number = PAGE_SIZE_DEFAULT) {
  return z
    .object({
      limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
      page: z.coerce
        .number()
        .int()
        .min(0)
        .default(0)
        .describe(`page × limit may not exceed ${LIST_OFFSET_MAX}`),
    })
    .superRefine(({ limit, page }, ctx) => {
      if (page * limit > LIST_OFFSET_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['page'],
          message: `page × limit may not exceed ${LIST_OFFSET_MAX} (at limit ${limit}, the last page is ${lastPage(limit)})`,
        });
    });
}

/**
 * The one list contract, shared by every list route: `limit`, zero-based `page`, `sort` (`field`
 * or `-field`, whitelisted fields only), `search` or fuzzy `search2`; the total in `x-total-count`.
 */
export function listQuery(maxLimit: number = LIST_LIMIT_MAX, sortFields?: readonly string[]) {
  return paging(maxLimit).extend({
    sort: sortParam(sortFields),
    search: z.string().max(200).optional(),
    search2: z.string().max(200).optional(),
  });
}
export const ListQuery = listQuery();

/**
 * Most records a list's total counts (docs/decisions/0013-list-totals-capped.md). Every list
 * answers with the headers of `ListTotalHeaders`: `x-total-count`, the number of records that
 * match, at most this cap; `x-total-capped`, 'true' when more match than that ("10,000+").
 */
export const LIST_TOTAL_CAP = 10_000;
export const ListTotalHeaders = z.object({
  'x-total-count': z.coerce.number().int().min(0),
  'x-total-capped': z.enum(['true', 'false']),
});
export type ListTotalHeaders = z.infer<typeof ListTotalHeaders>;
export type ListQuery = z.infer<typeof ListQuery>;

export interface SortSpec {
  field: string;
  desc: boolean;
}

export function parseSort(sort: string | undefined): SortSpec | undefined {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}
