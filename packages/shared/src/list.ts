import { z } from 'zod';
import { LIST_LIMIT_MAX, PAGE_SIZE_DEFAULT } from './constants.js';

/** The generic list contract of SPEC §7 / DESIGN §5, shared by every list route. */
export function listQuery(maxLimit: number = LIST_LIMIT_MAX) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(PAGE_SIZE_DEFAULT),
    page: z.coerce.number().int().min(0).default(0),
    sort: z
      .string()
      .regex(/^-?[A-Za-z_][A-Za-z0-9_.]*$/, 'sort must be a field name, optionally prefixed by -')
      .optional(),
    search: z.string().max(200).optional(),
    search2: z.string().max(200).optional(),
  });
}
export const ListQuery = listQuery();
export type ListQuery = z.infer<typeof ListQuery>;

export interface SortSpec {
  field: string;
  desc: boolean;
}

export function parseSort(sort: string | undefined): SortSpec | undefined {
  if (!sort) return undefined;
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}
