import type { USER_SORT_FIELDS, User, UserListQuery, Username } from '@sightline/shared';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { passwordResetTokens, sites, users } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';

export type UserRow = typeof users.$inferSelect;

export function toApi(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    roles: row.roles,
    securityCtx: { sites: row.sites, companies: row.companies },
    locked: row.locked,
    timeCreated: row.timeCreated.toISOString(),
  };
}

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

export async function listUsers(db: Tx, orgId: string, query: UserListQuery) {
  return listPage(db, users, eq(users.orgId, orgId), query, listSpec, toApi);
}

export async function findUser(db: Tx, orgId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, id)));
  return row;
}

export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Whether a username is taken in any organization (usernames are unique across all of them). */
export async function usernameTaken(db: Tx, username: string, exceptId?: string): Promise<boolean> {
  const sameName: SQL = sql`lower(${users.username}) = lower(${username})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(sameName, ne(users.id, exceptId)) : sameName)
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

/** Sets a new password hash; a new password also unlocks the account (DESIGN §11). */
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
