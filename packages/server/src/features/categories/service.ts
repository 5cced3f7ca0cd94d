import { CATEGORY_MSG, type CategoryInput, type CategoryListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { authorize } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { presentCategory } from './presenter.js';
import * as repo from './repository.js';

/** Categories are organization-wide: any signed-in user of the organization may read them. */
const RESOURCE = 'image-categories';

export function listCategories(db: Db, caller: Caller, query: CategoryListQuery) {
  return repo.listCategories(db, caller.orgId, query);
}

async function requireCategory(db: Db, caller: Caller, id: string) {
  const row = await repo.findCategory(db, caller.orgId, id);
  if (!row) throw notFound('Category');
  return row;
}

export async function getCategory(db: Db, caller: Caller, id: string) {
  return presentCategory(await requireCategory(db, caller, id));
}

/** Names are unique per organization, case-insensitively: checked first, the unique index settles races. */
async function uniqueName<T>(
  db: Db,
  orgId: string,
  input: CategoryInput,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await repo.findCategoryByName(db, orgId, input.name, exceptId))
    throw badRequest(CATEGORY_MSG.duplicateName(input.name));
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(CATEGORY_MSG.duplicateName(input.name));
    throw error;
  }
}

export async function createCategory(db: Db, caller: Caller, input: CategoryInput) {
  authorize(caller, RESOURCE, 'create');
  const row = await uniqueName(db, caller.orgId, input, undefined, () =>
    repo.insertCategory(db, caller.orgId, input),
  );
  return presentCategory(row);
}

export async function updateCategory(db: Db, caller: Caller, id: string, input: CategoryInput) {
  await requireCategory(db, caller, id);
  authorize(caller, RESOURCE, 'modify');
  const row = await uniqueName(db, caller.orgId, input, id, () =>
    repo.updateCategory(db, caller.orgId, id, input),
  );
  if (!row) throw notFound('Category');
  return presentCategory(row);
}

export async function deleteCategory(db: Db, caller: Caller, id: string) {
  await requireCategory(db, caller, id);
  authorize(caller, RESOURCE, 'delete');
  await db.transaction((tx) => repo.deleteCategory(tx, caller.orgId, id));
}
