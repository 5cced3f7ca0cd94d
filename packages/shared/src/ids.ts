import { z } from 'zod';

/** Ids are 24 lowercase hex characters, ObjectId shaped (4-byte seconds + random). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const Id = z.string().regex(ID_PATTERN, 'must be a 24-character hex id');
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** A bigserial id (events, deliveries) as the API writes ids: 24 hex digits. */
export const serialApiId = (id: number) => id.toString(16).padStart(24, '0');
