/** API keys as the API presents them. */
import { type ApiKey, maskedToken } from '@sightline/shared';
import type { ApiKeyRow } from '../../db/rows.js';

/** `token` is the full token only right after creation; stored keys show their prefix, masked. */
export function presentApiKey(row: ApiKeyRow, token = maskedToken(row.tokenPrefix)): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    token,
    roles: row.roles,
    securityCtx: { sites: row.sites },
    timeCreated: row.timeCreated.toISOString(),
  };
}
