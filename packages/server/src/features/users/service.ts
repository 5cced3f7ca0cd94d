/**
 * The user admin screen: list, create (with an activation mail or a
 * password), edit (a password resets it), delete. Guards against privilege escalation: only a
 * Super Admin grants or touches Super Admin, and a site-limited admin grants only its own sites.
 */
import {
  ACTIVATION_TOKEN_TTL_MS,
  ALL_SITES,
  can,
  SUPER_ADMIN_ROLE_ID,
  USER_MSG,
  type UserInput,
  type UserListQuery,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { revokeUserSessions } from '../../platform/sessions.js';
import { listAccessRules, visibleRoleIds } from '../roles/repository.js';
import { storeNewPassword } from './new-password.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';
import { assertUsernameFree, hashIfStrong, invalidField, type PasswordRule } from './rules.js';
import { issueToken, sendSetPasswordMail } from './set-password-tokens.js';

export function listUsers(db: Db, caller: Caller, query: UserListQuery) {
  authorize(caller, 'users', 'create', undefined, 'read');
  return repo.listUsers(db, caller.orgId, siteScope(caller), query);
}

/**
 * A user of the caller's organization whose sites all lie within the caller's, or 404: another
 * organization's users, and users a site-limited caller may not manage, do not exist for it.
 */
async function requireUser(db: Db, caller: Caller, id: string) {
  const row = await repo.findUser(db, caller.orgId, id, siteScope(caller));
  if (!row) throw notFound('User');
  return row;
}

export async function getUser(db: Db, caller: Caller, id: string) {
  const row = await requireUser(db, caller, id);
  if (row.id !== caller.id) authorize(caller, 'users', 'create', undefined, 'read');
  return presentUser(row);
}

export async function createUser(ctx: AppContext, caller: Caller, input: UserInput, sendEmail: boolean) {
  const { db, mailer, config } = ctx;
  authorize(caller, 'users', 'create');
  const fields = await assignableFields(db, caller, input);
  await assertUsernameFree(db, fields.username);
  const rule: PasswordRule = { required: !sendEmail, userInputs: [fields.username, fields.name] };
  const passwordHash = await hashIfStrong(input.password, rule);
  return db.transaction(async (tx) => {
    const row = await repo.insertUser(tx, caller.orgId, fields, passwordHash ?? null);
    if (sendEmail) {
      // Inside the transaction: when the mail cannot be handed over, no half-made user remains.
      const token = await issueToken(tx, row, ACTIVATION_TOKEN_TTL_MS);
      await sendSetPasswordMail(mailer, config.publicUrl, row, token, 'activation', tx);
    }
    return presentUser(row);
  });
}

export async function updateUser(db: Db, caller: Caller, id: string, input: UserInput) {
  const target = await requireUser(db, caller, id);
  authorize(caller, 'users', 'modify');
  guardSuperAdminTarget(caller, target.roles);
  const fields = await assignableFields(db, caller, input);
  await assertUsernameFree(db, fields.username, id);
  const passwordHash = await hashIfStrong(input.password, {
    required: false,
    userInputs: [fields.username, fields.name],
  });
  return db.transaction(async (tx) => {
    const row = await repo.updateUser(tx, caller.orgId, id, fields);
    if (!row) throw notFound('User');
    if (!passwordHash) return presentUser(row);
    // An administrator's reset: the new password unlocks the account, ends its sessions and links.
    await storeNewPassword(tx, id, passwordHash);
    return presentUser({ ...row, locked: false });
  });
}

export async function deleteUser(db: Db, caller: Caller, id: string) {
  const target = await requireUser(db, caller, id);
  authorize(caller, 'users', 'delete');
  if (target.id === caller.id) throw badRequest(USER_MSG.cannotDeleteSelf);
  guardSuperAdminTarget(caller, target.roles);
  await db.transaction(async (tx) => {
    await repo.deleteUser(tx, caller.orgId, id);
    await revokeUserSessions(tx, id);
  });
}

/** `{ id, name }` of the organization's users: every signed-in caller may read them (uploader names). */
export const listUsernames = (db: Db, caller: Caller) => repo.listUsernames(db, caller.orgId);

export async function getUsername(db: Db, caller: Caller, id: string) {
  const row = await repo.findUser(db, caller.orgId, id);
  if (!row) throw notFound('User');
  return { id: row.id, name: row.name };
}

/**
 * Whether a user of the caller's organization has this username. Other organizations' users are
 * not revealed here; saving a username taken elsewhere still fails with `duplicate`.
 */
export async function checkEmail(db: Db, caller: Caller, email: string) {
  return { exists: await repo.usernameTaken(db, email, undefined, caller.orgId) };
}

function guardSuperAdminTarget(caller: Caller, targetRoles: string[]) {
  if (targetRoles.includes(SUPER_ADMIN_ROLE_ID) && !caller.superAdmin) {
    throw forbidden(USER_MSG.superAdminTarget);
  }
}

/** The input's roles and sites, checked against what the caller may grant. */
async function assignableFields(db: Db, caller: Caller, input: UserInput): Promise<repo.UserFields> {
  const roles = [...new Set(input.roles)];
  const sites = [...new Set(input.securityCtx.sites)];
  const knownRoles = await visibleRoleIds(db, caller.orgId, roles);
  const unknownRole = roles.find((r) => !knownRoles.has(r));
  if (unknownRole) throw invalidField('roles', USER_MSG.unknownRole(unknownRole));
  if (roles.includes(SUPER_ADMIN_ROLE_ID) && !caller.superAdmin) throw forbidden(USER_MSG.superAdminOnly);
  // A caller grants only roles whose every rule it holds itself, so nobody hands out more than they have.
  const granted = await listAccessRules(db, caller.orgId, roles);
  const beyond = granted.find(
    (r) => !can(caller.rules, r.resource, r.action, r.site === ALL_SITES ? ALL_SITES : r.site),
  );
  if (beyond) throw forbidden(USER_MSG.ownRightsOnly(beyond.role));

  const siteIds = sites.filter((s) => s !== ALL_SITES);
  const knownSites = await repo.existingSiteIds(db, caller.orgId, siteIds);
  const unknownSite = siteIds.find((s) => !knownSites.has(s));
  if (unknownSite) throw invalidField('securityCtx.sites', USER_MSG.unknownSite(unknownSite));
  const scope = siteScope(caller);
  if (scope && sites.some((s) => !scope.includes(s))) throw forbidden(USER_MSG.ownSitesOnly);

  return {
    name: input.name,
    username: input.username,
    roles,
    sites,
    companies: [...new Set(input.securityCtx.companies)],
  };
}
