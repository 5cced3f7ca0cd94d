/**
 * Organizations: everyone reads their own; only a Super Admin lists all
 * of them and creates, changes or deletes one. Deleting cascades to all of the organization's data.
 */
import {
  ACTIVATION_TOKEN_TTL_MS,
  ALL_SITES,
  ORGANIZATION_MSG,
  type OrganizationCreateInput,
  type OrganizationInput,
  type OrganizationListQuery,
  ROLE_IDS,
  USER_MSG,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { requireSuperAdmin } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { imageKeys } from '../../platform/storage/image-keys.js';
import type { Storage } from '../../platform/storage/index.js';
import { actorOf } from '../audit/actors.js';
import { dropOrganizationChain } from '../audit/repository.js';
import { orgImageIds } from '../images/repository.js';
import { removeMapImage } from '../maps/files.js';
import { insertUser, usernameTaken } from '../users/repository.js';
import { issueToken, sendSetPasswordMail } from '../users/set-password-tokens.js';
import { deleteOrganizationCascade } from './cascade.js';
import { presentOrganization } from './presenter.js';
import * as repo from './repository.js';

export function listOrganizations(db: Db, caller: Caller, query: OrganizationListQuery) {
  return repo.listOrganizations(db, caller.superAdmin ? undefined : caller.orgId, query);
}

export async function getOrganization(db: Db, caller: Caller, id: string) {
  if (!caller.superAdmin && id !== caller.orgId) throw notFound('Organization');
  const row = await repo.findOrganization(db, id);
  if (!row) throw notFound('Organization');
  return presentOrganization(row);
}

async function assertSubdomainFree(db: Db, subdomain: string, exceptId?: string) {
  if (await repo.subdomainTaken(db, subdomain, exceptId)) {
    const message = ORGANIZATION_MSG.duplicateSubdomain(subdomain);
    throw badRequest(message, [{ path: 'subdomain', message }]);
  }
}

/** A new organization and its first Admin (all sites), who is mailed an activation link. */
export async function createOrganization(ctx: AppContext, caller: Caller, input: OrganizationCreateInput) {
  const { db, mailer, config } = ctx;
  requireSuperAdmin(caller, ORGANIZATION_MSG.superAdminOnly);
  await assertSubdomainFree(db, input.subdomain);
  if (await usernameTaken(db, input.adminEmail)) {
    const message = USER_MSG.duplicateUsername(input.adminEmail);
    throw badRequest(message, [{ path: 'adminEmail', message }]);
  }
  const { adminName, adminEmail, ...organization } = input;
  return db.transaction(async (tx) => {
    const row = await repo.insertOrganization(tx, organization);
    const admin = await insertUser(
      tx,
      row.id,
      { name: adminName, username: adminEmail, roles: [ROLE_IDS.admin], sites: [ALL_SITES], companies: [] },
      null,
    );
    // Inside the transaction: when the mail cannot be handed over, no organization without a way in remains.
    const token = await issueToken(tx, admin, ACTIVATION_TOKEN_TTL_MS);
    await sendSetPasswordMail(mailer, config.publicUrl, admin, token, 'activation', tx);
    return presentOrganization(row);
  });
}

export async function updateOrganization(db: Db, caller: Caller, id: string, input: OrganizationInput) {
  requireSuperAdmin(caller, ORGANIZATION_MSG.superAdminOnly);
  if (!(await repo.findOrganization(db, id))) throw notFound('Organization');
  await assertSubdomainFree(db, input.subdomain, id);
  const row = await repo.updateOrganization(db, id, input);
  if (!row) throw notFound('Organization');
  return presentOrganization(row);
}

export async function deleteOrganization(db: Db, storage: Storage, caller: Caller, id: string) {
  requireSuperAdmin(caller, ORGANIZATION_MSG.superAdminOnly);
  if (!(await repo.findOrganization(db, id))) throw notFound('Organization');
  if (id === caller.orgId) throw badRequest(ORGANIZATION_MSG.cannotDeleteOwn);
  const imageIds = await orgImageIds(db, id);
  const mapFiles = await db.transaction(async (tx) => {
    const files = await deleteOrganizationCascade(tx, id);
    await dropOrganizationChain(tx, id, { orgId: caller.orgId, actor: actorOf(caller) });
    return files;
  });
  // Files after the commit: a failed removal leaves a stray file, never a broken record.
  await Promise.all(mapFiles.map((file) => removeMapImage(storage, file).catch(() => undefined)));
  for (const imageId of imageIds)
    await Promise.all(
      Object.values(imageKeys(id, imageId)).map((key) => storage.delete(key).catch(() => undefined)),
    );
}
