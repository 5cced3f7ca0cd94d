import { z } from 'zod';
import { Email } from './auth.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';

export const SiteRef = z.union([Id, z.literal('*')]);
export const SecurityCtx = z.object({
  sites: z.array(SiteRef).default([]),
  companies: z.array(z.string()).default([]),
});
export type SecurityCtx = z.infer<typeof SecurityCtx>;

/** A user as the API returns it; the password never leaves the server. */
export const User = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  roles: z.array(Id),
  securityCtx: SecurityCtx,
  locked: z.boolean().optional(),
  timeCreated: z.string().optional(),
});
export type User = z.infer<typeof User>;

export const UserInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  username: Email,
  roles: z.array(Id).min(1, MSG.selectAtLeastOne),
  securityCtx: SecurityCtx.default({ sites: [], companies: [] }),
  password: z.string().max(1000).optional(),
});
export type UserInput = z.infer<typeof UserInput>;

export const UserCreateQuery = z.object({
  'send-email': z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const ProfileInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  username: Email,
  password: z.string().max(1000).optional(),
  /** Required with a new password or a new username: a stolen session alone cannot change them. */
  currentPassword: z.string().max(1000).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const Username = z.object({ id: Id, name: z.string() });
export type Username = z.infer<typeof Username>;

/** Messages of the user editor's server-side checks that the console's fixed texts do not cover. */
export const USER_MSG = {
  passwordRequired: 'Password is required when no activation email is sent',
  cannotDeleteSelf: 'You cannot delete your own user',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Enter your current password to change your email or password',
  superAdminOnly: 'Only a Super Admin may assign the Super Admin role',
  superAdminTarget: 'Only a Super Admin may change or delete a Super Admin',
  ownSitesOnly: 'You may only give access to the sites you have access to',
  ownRightsOnly: (id: string) => `You may only give roles whose rights you hold: ${id}`,
  unknownRole: (id: string) => `Unknown role: ${id}`,
  unknownSite: (id: string) => `Unknown site: ${id}`,
  duplicateUsername: (username: string) => `duplicate: the username ${username} is already taken`,
} as const;

/** GET roles?sort=name: the roles, by name. */
export const RolesQuery = z.object({ sort: z.enum(['name', '-name']).optional() });

/** GET accessRules?roles=a,b: a comma list of role ids; absent or empty means none. */
export const AccessRulesQuery = z.object({
  roles: z
    .string()
    .max(2500)
    .default('')
    .describe('Comma-separated role ids')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(Id).max(100)),
});

export const USER_SORT_FIELDS = ['name', 'username'] as const;
export const UserListQuery = listQuery(undefined, USER_SORT_FIELDS);
export type UserListQuery = z.infer<typeof UserListQuery>;
