import { ALL_SITES, type USER_SORT_FIELDS, type UserListQuery, type Username } from '@sightline/shared';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { passwordResetTokens, sites, users } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentUser } from './presenter.js';

/** The fields of a user an editor writes; the password is hashed by the service. */
export interface UserFields {
  name: string;
  username: string;
  roles: string[];
  sites: string[];
  companies: string[];
}

const listSpec: ListSpec<(typeof USER_SORT_FIELDS)[number]> = {
  sortable: { name: users.name, username: users.username },
  defaultSort: [asc(users.name), asc(users.id)],
  searchable: [users.name, users.username],
};

/**
 * Users a caller limited to `sites` may see: every current site of the user lies
 * within them, so a user with All Sites needs an all-sites caller. `undefined`: no limit.
 */
function withinSites(sites: string[] | undefined): SQL | undefined {
  if (!sites) return undefined;
  const allowed = sites.filter((s) => s !== ALL_SITES);
  const list = sql.join(
    allowed.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`${users.sites} <@ ARRAY[${list}]::text[]`;
}

export function listUsers(db: Tx, orgId: string, sites: string[] | undefined, query: UserListQuery) {
  return listPage(db, users, and(eq(users.orgId, orgId), withinSites(sites)), query, listSpec, presentUser);
}

export async function findUser(
  db: Tx,
  orgId: string,
  id: string,
  sites?: string[],
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, id), withinSites(sites)));
  return row;
}

export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Whether a username is taken (in one organization, or in any: usernames are unique across all). */
export async function usernameTaken(
  db: Tx,
  username: string,
  exceptId?: string,
  orgId?: string,
): Promise<boolean> {
  const sameName: SQL = sql`lower(${users.username}) = lower(${username})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sameName,
        exceptId ? ne(users.id, exceptId) : undefined,
        orgId ? eq(users.orgId, orgId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: Tx,
  orgId: string,
  fields: UserFields,
  passwordHash: string | null,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), orgId, ...fields, passwordHash })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: Tx,
  orgId: string,
  id: string,
  fields: Partial<UserFields>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, timeModified: new Date() })
    .where(and(eq(users.orgId, orgId), eq(users.id, id)))
    .returning();
  return row;
}

/** Sets a new password hash; a new password also unlocks the account. */
export async function setPassword(db: Tx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, locked: false, failedLogins: 0, timeModified: new Date() })
    .where(eq(users.id, id));
}

export async function deleteUser(db: Tx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, id)))
    .returning({ id: users.id });
  if (rows.length) await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  return rows.length > 0;
}

/** The organization's users as `{ id, name }` (uploader names), by name. */
export async function listUsernames(db: Tx, orgId: string): Promise<Username[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Which of `ids` are sites of the organization. */
export async function existingSiteIds(db: Tx, orgId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.orgId, orgId), inArray(sites.id, ids)));
  return new Set(rows.map((r) => r.id));
}
