import { z } from 'zod';

/** Ids are 24 lowercase hex characters, ObjectId shaped (DESIGN §5). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const Id = z.string().regex(ID_PATTERN, 'must be a 24-character hex id');
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;
