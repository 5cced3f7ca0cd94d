import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organizations, ssoLoginStates, users } from '../../db/schema.js';

export type SsoLoginState = typeof ssoLoginStates.$inferSelect;

export async function saveLoginState(db: Tx, row: SsoLoginState) {
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, new Date()));
  await db.insert(ssoLoginStates).values(row);
}

/** Takes the sign-in's state out (single use): a second callback with the same cookie finds nothing. */
export async function takeLoginState(db: Tx, bindingHash: string): Promise<SsoLoginState | undefined> {
  const [row] = await db
    .delete(ssoLoginStates)
    .where(eq(ssoLoginStates.bindingHash, bindingHash))
    .returning();
  return row;
}

export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${email})`);
  return row;
}

export async function findOrganization(db: Tx, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}
