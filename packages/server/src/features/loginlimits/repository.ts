/**
 * The login failure records behind the sign-in limits (limiter.ts): one row per failed password or
 * code by username and address, and the users' consecutive-failure counts and locks.
 */
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loginFailures, users } from '../../db/schema.js';

/** Failures within the window for this username or this IP, whichever is larger. */
export async function recentFailures(db: Tx, username: string, ip: string, since: Date) {
  const [byUser] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username.toLowerCase()), gt(loginFailures.at, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  return Math.max(byUser?.n ?? 0, byIp?.n ?? 0);
}

export async function recordFailure(db: Tx, username: string, ip: string, lockAfter: number) {
  await db.insert(loginFailures).values({ username: username.toLowerCase(), ip });
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      locked: sql`${users.failedLogins} + 1 >= ${lockAfter} OR ${users.locked}`,
    })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning({ locked: users.locked });
  return row ? row.locked : unknownUsernameLocked(db, username, lockAfter);
}

/**
 * An unknown username answers like a real one, so failures do not tell which addresses exist: `locked` once it has failed
 * `lockAfter` times, so the lockout does not tell which accounts exist.
 */
export async function unknownUsernameLocked(db: Tx, username: string, lockAfter: number) {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(eq(loginFailures.username, username.toLowerCase()));
  return (row?.n ?? 0) >= lockAfter;
}

export async function clearFailures(db: Tx, userId: string) {
  await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));
}

/** A password reset proves the mailbox: the username's recent failures no longer rate-limit it. */
export async function clearUsernameFailures(db: Tx, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}

/**
 * Deletes failures older than `before`, except those of a username that reached `lockAfter`:
 * an unknown username's lock is its failure count (unknownUsernameLocked), and it must stay
 * locked like a real account does.
 */
export async function pruneFailures(db: Tx, before: Date, lockAfter: number) {
  const lockedNames = sql`SELECT username FROM ${loginFailures} GROUP BY username HAVING count(*) >= ${lockAfter}`;
  await db
    .delete(loginFailures)
    .where(and(lt(loginFailures.at, before), sql`${loginFailures.username} NOT IN (${lockedNames})`));
}
