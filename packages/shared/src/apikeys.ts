/** API keys: Bearer tokens acting with the key's roles and sites. */
import { z } from 'zod';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';
import { SiteRef } from './users.js';

/** Tokens are `sl_` + 32 random bytes in base64url; the first 10 characters are kept to list them. */
export const API_KEY_TOKEN_PREFIX = 'sl_';
export const API_KEY_PREFIX_LENGTH = 10;
/** How a stored key's token is shown after creation: its prefix and an ellipsis. */
export const maskedToken = (prefix: string) => `${prefix}…`;

export const API_KEY_MSG = {
  nameRequired: 'Name is required',
  superAdminRefused: 'The Super Admin role cannot be given to an API key',
  unknownRole: (id: string) => `Unknown role: ${id}`,
  unknownSite: (id: string) => `Unknown site: ${id}`,
  ownSitesOnly: 'You may only give access to the sites you have access to',
} as const;

export const ApiKey = z.object({
  _id: Id,
  name: z.string(),
  /** The full token only in the creation response; afterwards its prefix followed by '…'. */
  token: z.string(),
  roles: z.array(Id),
  securityCtx: z.object({ sites: z.array(SiteRef) }),
  timeCreated: z.string().optional(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyInput = z.object({
  name: z
    .string({ error: API_KEY_MSG.nameRequired })
    .trim()
    .min(1, API_KEY_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  roles: z.array(Id, { error: MSG.selectAtLeastOne }).min(1, MSG.selectAtLeastOne).max(50, MSG.tooMany(50)),
  securityCtx: z.object({
    sites: z
      .array(SiteRef, { error: MSG.selectAtLeastOne })
      .min(1, MSG.selectAtLeastOne)
      .max(1000, MSG.tooMany(1000)),
  }),
});
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

export const API_KEY_SORT_FIELDS = ['name', 'timeCreated'] as const;
export const ApiKeyListQuery = listQuery(undefined, API_KEY_SORT_FIELDS);
export type ApiKeyListQuery = z.infer<typeof ApiKeyListQuery>;
