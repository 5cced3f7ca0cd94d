import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  organizations,
  ssoIdentities,
  ssoLinkGrants,
  ssoLoginStates,
  ssoPendingLinks,
  users,
} from '../../db/schema.js';

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

export type SsoIdentityKey = { orgId: string; provider: string; issuer: string; subject: string };

/** The account linked to the provider's subject, if any. */
export async function findLinkedUserId(db: Tx, key: SsoIdentityKey): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(
      and(
        eq(ssoIdentities.orgId, key.orgId),
        eq(ssoIdentities.provider, key.provider),
        eq(ssoIdentities.issuer, key.issuer),
        eq(ssoIdentities.subject, key.subject),
      ),
    );
  return row?.userId;
}

/** The identity an account is linked to at a provider, if any. */
export async function findUserIdentity(db: Tx, userId: string, provider: string) {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.provider, provider)));
  return row;
}

/** Links the account to the identity, replacing its earlier link and any stale owner of the identity. */
export async function saveIdentity(db: Tx, userId: string, key: SsoIdentityKey) {
  await db.transaction(async (tx) => {
    await tx
      .delete(ssoIdentities)
      .where(
        or(
          and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.provider, key.provider)),
          and(
            eq(ssoIdentities.orgId, key.orgId),
            eq(ssoIdentities.provider, key.provider),
            eq(ssoIdentities.issuer, key.issuer),
            eq(ssoIdentities.subject, key.subject),
          ),
        ),
      );
    await tx.insert(ssoIdentities).values({ userId, ...key });
  });
}

export async function deleteUserIdentities(db: Tx, userId: string, provider?: string) {
  const byProvider = provider ? eq(ssoIdentities.provider, provider) : undefined;
  await db.delete(ssoIdentities).where(and(eq(ssoIdentities.userId, userId), byProvider));
  await db
    .delete(ssoLinkGrants)
    .where(
      and(eq(ssoLinkGrants.userId, userId), provider ? eq(ssoLinkGrants.provider, provider) : undefined),
    );
}

export async function savePendingLink(db: Tx, row: typeof ssoPendingLinks.$inferInsert) {
  await db.delete(ssoPendingLinks).where(lt(ssoPendingLinks.expiresAt, new Date()));
  await db.insert(ssoPendingLinks).values(row);
}

/** Takes a pending link out (single use), whoever signs in with it. */
export async function takePendingLink(db: Tx, tokenHash: string) {
  const [row] = await db.delete(ssoPendingLinks).where(eq(ssoPendingLinks.tokenHash, tokenHash)).returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

export async function saveLinkGrant(db: Tx, userId: string, provider: string, expiresAt: Date) {
  await db
    .insert(ssoLinkGrants)
    .values({ userId, provider, expiresAt })
    .onConflictDoUpdate({ target: [ssoLinkGrants.userId, ssoLinkGrants.provider], set: { expiresAt } });
}

/** Takes an administrator's unexpired consent to link the account at its next sign-in (single use). */
export async function takeLinkGrant(db: Tx, userId: string, provider: string): Promise<boolean> {
  const [row] = await db
    .delete(ssoLinkGrants)
    .where(and(eq(ssoLinkGrants.userId, userId), eq(ssoLinkGrants.provider, provider)))
    .returning();
  return !!row && row.expiresAt.getTime() > Date.now();
}

/** The providers an account is linked to or may link to (an administrator's consent pending). */
export async function linkStatus(db: Tx, userId: string) {
  const linked = await db
    .select({ provider: ssoIdentities.provider, linkedAt: ssoIdentities.linkedAt })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId));
  const granted = await db
    .select({ provider: ssoLinkGrants.provider, expiresAt: ssoLinkGrants.expiresAt })
    .from(ssoLinkGrants)
    .where(and(eq(ssoLinkGrants.userId, userId), gt(ssoLinkGrants.expiresAt, new Date())));
  return { linked, granted };
}
