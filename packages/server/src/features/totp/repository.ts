import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { TotpRow } from '../../db/rows.js';
import { pendingLogins, ssoSettings, totpRecoveryCodes, userTotp } from '../../db/schema.js';

export async function findTotp(db: Tx, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** A new, not yet enabled secret (replaces an unfinished set-up; never an enabled one). */
export async function saveSetup(db: Tx, userId: string, secret: string) {
  await db
    .insert(userTotp)
    .values({ userId, secret, enabled: false })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, enabled: false, lastStep: 0 } });
}

export async function enable(db: Tx, userId: string, step: number, codeHashes: string[]) {
  await db.update(userTotp).set({ enabled: true, lastStep: step }).where(eq(userTotp.userId, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/**
 * Moves the last used step forward only if it is still behind: two requests with the same code
 * cannot both pass (the second updates no row).
 */
export async function useStep(db: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/** Marks a recovery code used; false when it is unknown or already used. */
export async function useRecoveryCode(db: Tx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function removeTotp(db: Tx, userId: string) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.delete(pendingLogins).where(eq(pendingLogins.userId, userId));
}

export async function orgRequiresTotp(db: Tx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireTotp: ssoSettings.requireTotp })
    .from(ssoSettings)
    .where(eq(ssoSettings.orgId, orgId));
  return row?.requireTotp ?? false;
}

export async function savePending(
  db: Tx,
  tokenHash: string,
  userId: string,
  enrol: boolean,
  expiresAt: Date,
) {
  await db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, new Date()));
  await db.insert(pendingLogins).values({ tokenHash, userId, enrol, expiresAt });
}

export async function findPending(db: Tx, tokenHash: string) {
  const [row] = await db.select().from(pendingLogins).where(eq(pendingLogins.tokenHash, tokenHash));
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

export async function deletePending(db: Tx, tokenHash: string) {
  await db.delete(pendingLogins).where(eq(pendingLogins.tokenHash, tokenHash));
}
