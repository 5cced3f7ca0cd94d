/**
 * Categories: one collection for things and photos (access resource `image-categories`),
 * served at both api/categories and api/image-categories.
 */
import { z } from 'zod';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';

export const CATEGORY_MSG = {
  nameRequired: 'Name is required',
  duplicateName: (name: string) => `duplicate category name: ${name}`,
} as const;

/** `_id` as every record of the API; `id` too, the name clients of image categories read. */
export const Category = z.object({
  _id: Id,
  id: Id,
  name: z.string(),
  description: z.string(),
  hidden: z.boolean(),
});
export type Category = z.infer<typeof Category>;

export const CategoryInput = z.object({
  name: z
    .string({ error: CATEGORY_MSG.nameRequired })
    .trim()
    .min(1, CATEGORY_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  description: z.string().max(2000).default(''),
  hidden: z.boolean().default(false),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CATEGORY_SORT_FIELDS = ['name', 'description', 'hidden'] as const;
export const CategoryListQuery = listQuery(undefined, CATEGORY_SORT_FIELDS).extend({
  /** Include hidden categories (default true: the admin list shows all; pickers pass false). */
  hidden: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuery>;

/** What a category's QR code encodes. */
export const categoryQrPayload = (c: { _id: string; name: string }) =>
  JSON.stringify({ type: 'category', id: c._id, name: c.name });
