import { randomBytes } from 'node:crypto';

/** ObjectId-shaped ids: 4-byte seconds + 8 random bytes, 24 lowercase hex, the API's id format. */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Event and zone duration ids are bigserials, shown ObjectId shaped (24 hex digits) like every other id. */
export { serialApiId } from '@sightline/shared';
