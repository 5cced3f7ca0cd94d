/**
 * Organizations (SPEC §2.13, DESIGN §6): everyone reads their own; only a Super Admin lists all
 * of them and creates, changes or deletes one. Deleting cascades to all of the organization's data.
 */
import { type ListQuery, ORGANIZATION_MSG, type OrganizationInput } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/index.js';
import { orgImageIds } from '../images/repository.js';
import { imageKeys } from '../images/storage-keys.js';
import { removeMapImage } from '../maps/files.js';
import { deleteOrganizationCascade } from './cascade.js';
import * as repo from './repository.js';

const superAdminOnly = (caller: Caller) => {
  if (!caller.superAdmin) throw forbidden(ORGANIZATION_MSG.superAdminOnly);
};

export function listOrganizations(db: Db, caller: Caller, query: ListQuery) {
  return repo.listOrganizations(db, caller.superAdmin ? undefined : caller.orgId, query);
}

export async function getOrganization(db: Db, caller: Caller, id: string) {
  if (!caller.superAdmin && id !== caller.orgId) throw notFound('Organization');
  const row = await repo.findOrganization(db, id);
  if (!row) throw notFound('Organization');
  return repo.toApi(row);
}

async function assertSubdomainFree(db: Db, subdomain: string, exceptId?: string) {
  if (await repo.subdomainTaken(db, subdomain, exceptId)) {
    const message = ORGANIZATION_MSG.duplicateSubdomain(subdomain);
    throw badRequest(message, [{ path: 'subdomain', message }]);
  }
}

export async function createOrganization(db: Db, caller: Caller, input: OrganizationInput) {
  superAdminOnly(caller);
  await assertSubdomainFree(db, input.subdomain);
  return repo.toApi(await repo.insertOrganization(db, input));
}

export async function updateOrganization(db: Db, caller: Caller, id: string, input: OrganizationInput) {
  superAdminOnly(caller);
  if (!(await repo.findOrganization(db, id))) throw notFound('Organization');
  await assertSubdomainFree(db, input.subdomain, id);
  const row = await repo.updateOrganization(db, id, input);
  if (!row) throw notFound('Organization');
  return repo.toApi(row);
}

export async function deleteOrganization(db: Db, storage: Storage, caller: Caller, id: string) {
  superAdminOnly(caller);
  if (!(await repo.findOrganization(db, id))) throw notFound('Organization');
  if (id === caller.orgId) throw badRequest(ORGANIZATION_MSG.cannotDeleteOwn);
  const imageIds = await orgImageIds(db, id);
  const mapFiles = await db.transaction((tx) => deleteOrganizationCascade(tx, id));
  // Files after the commit: a failed removal leaves a stray file, never a broken record.
  await Promise.all(mapFiles.map((file) => removeMapImage(storage, file).catch(() => undefined)));
  for (const imageId of imageIds)
    await Promise.all(
      Object.values(imageKeys(id, imageId)).map((key) => storage.delete(key).catch(() => undefined)),
    );
}
