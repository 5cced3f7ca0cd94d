/**
 * Single-use set-password tokens, for password resets (1 h) and new users' activation mail (72 h):
 * `<base64url(username)>.<random secret>`. The username part is for display only (the reset form shows it); the
 * whole token is stored as a SHA-256 digest, so a database leak reveals no usable link.
 */
import { ACTIVATION_TOKEN_TTL_MS, PASSWORD_RESET_FORM_PATH } from '@sightline/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema.js';
import { sha256 } from '../../platform/crypto.js';
import { randomToken } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail.js';

export async function issueToken(
  db: Tx,
  user: { id: string; username: string },
  ttlMs: number,
): Promise<string> {
  const token = `${Buffer.from(user.username).toString('base64url')}.${randomToken(32)}`;
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The user id of an unused, unexpired token. */
export async function findUsableToken(db: Tx, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(sha256(token)));
  return row?.userId;
}

/** Marks the token used, if it still is usable (a concurrent second use finds nothing). */
export async function consumeToken(db: Tx, token: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(usable(sha256(token)))
    .returning({ userId: passwordResetTokens.userId });
  return rows.length > 0;
}

/** Every outstanding link of the user stops working (a new password, a new sign-in email). */
export async function retireUserTokens(db: Tx, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Whether a token issued within `withinMs` is still outstanding (one reset mail a minute per user). */
export async function recentlyIssued(db: Tx, userId: string, ttlMs: number, withinMs: number) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date(Date.now() + ttlMs - withinMs)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

const setPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl}${PASSWORD_RESET_FORM_PATH}?token=${encodeURIComponent(token)}`;

export type SetPasswordMailKind = 'reset' | 'activation';

export async function sendSetPasswordMail(
  mailer: Mailer,
  publicUrl: string,
  user: { name: string; username: string },
  token: string,
  kind: SetPasswordMailKind,
  /** The transaction that makes the user: the mail is queued in it (and on PGlite must be). */
  tx?: Tx,
): Promise<void> {
  const link = setPasswordLink(publicUrl, token);
  const text =
    kind === 'reset'
      ? [
          `Hello ${user.name},`,
          '',
          'Someone asked to reset the password of your Sightline account. To choose a new password, open:',
          link,
          '',
          'The link works once and expires in 1 hour. If you did not ask for this, ignore this email.',
        ]
      : [
          `Hello ${user.name},`,
          '',
          `A Sightline account has been created for you (username ${user.username}). To set your password, open:`,
          link,
          '',
          `The link works once and expires in ${ACTIVATION_TOKEN_TTL_MS / 3_600_000} hours.`,
        ];
  await mailer.send(
    {
      to: user.username,
      subject: kind === 'reset' ? 'Reset your Sightline password' : 'Your Sightline account',
      text: text.join('\n'),
    },
    { tx },
  );
}
