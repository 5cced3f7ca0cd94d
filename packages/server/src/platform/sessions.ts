/**
 * Server-side sessions (docs/decisions/0004-sessions-and-tokens.md): idle 12 h, absolute 7 days,
 * revocable.
 */
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@sightline/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { UserRow } from '../db/rows.js';
import { sessions, users } from '../db/schema.js';
import { sha256 } from './crypto.js';
import { randomToken } from './ids.js';

export const SESSION_COOKIE = 'sl_session';
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Tx, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({ tokenHash: sha256(token), userId });
  return token;
}

/** A session is over once idle for 12 hours or 7 days after sign-in, whichever comes first. */
function expired(session: { createdAt: Date; lastSeenAt: Date }, now: number): boolean {
  return (
    now - session.createdAt.getTime() > SESSION_ABSOLUTE_MS ||
    now - session.lastSeenAt.getTime() > SESSION_IDLE_MS
  );
}

/**
 * The user of a live session, read with the session in one statement, touching the session's idle
 * clock at most once a minute. Undefined when the session is unknown, revoked or expired.
 */
export async function resolveSession(
  db: Tx,
  token: string,
): Promise<{ user: UserRow; tokenHash: string } | undefined> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  if (!row) return undefined;
  const now = Date.now();
  if (expired(row, now)) return undefined;
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, tokenHash };
}

/**
 * The users of those sessions (by token hash) that are still live — not revoked, not expired —
 * read in one statement per thousand hashes; the idle clock is left as it is.
 */
export async function liveSessions(
  db: Tx,
  tokenHashes: string[],
): Promise<{ user: UserRow; tokenHash: string }[]> {
  const live: { user: UserRow; tokenHash: string }[] = [];
  const now = Date.now();
  for (let i = 0; i < tokenHashes.length; i += 1000) {
    const rows = await db
      .select({
        tokenHash: sessions.tokenHash,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        user: users,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.tokenHash, tokenHashes.slice(i, i + 1000)), isNull(sessions.revokedAt)));
    for (const row of rows) if (!expired(row, now)) live.push({ user: row.user, tokenHash: row.tokenHash });
  }
  return live;
}

export async function revokeSession(db: Tx, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Revokes every one of a user's sessions, optionally keeping one (the caller's own after a profile
 * change).
 */
export async function revokeUserSessions(db: Tx, userId: string, keepTokenHash?: string): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  if (keepTokenHash && rows.some((r) => r.tokenHash === keepTokenHash)) {
    await db.update(sessions).set({ revokedAt: null }).where(eq(sessions.tokenHash, keepTokenHash));
  }
}
