import { z } from 'zod';
import { MSG } from './messages.js';

/** The login form's texts are the console's own: an empty entry says what to enter. */
export const LoginBody = z.object({
  username: z
    .string({ error: MSG.enterValidEmail })
    .trim()
    .min(1, MSG.enterValidEmail)
    .max(320, MSG.tooLong(320)),
  password: z
    .string({ error: MSG.enterValidPassword })
    .min(1, MSG.enterValidPassword)
    .max(1000, MSG.tooLong(1000)),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LOGIN_REASONS = { rateLimited: 'rate limited', locked: 'account locked' } as const;

/** The message a login failure shows, by the server's `reason` (texts fixed, in `MSG`). */
export function loginErrorMessage(reason: string | undefined): string {
  if (reason === LOGIN_REASONS.rateLimited) return MSG.loginRateLimited;
  if (reason === LOGIN_REASONS.locked) return MSG.loginLocked;
  return MSG.loginInvalid;
}

/** A basic email pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = z.string().trim().max(320).regex(EMAIL_PATTERN, MSG.invalidEmail);

/** The reset request's email: an empty entry asks for one, a malformed one says so. */
export const PasswordResetRequestQuery = z.object({
  email: z
    .string({ error: MSG.enterValidEmail })
    .trim()
    .min(1, MSG.enterValidEmail)
    .max(320, MSG.tooLong(320))
    .regex(EMAIL_PATTERN, MSG.invalidEmail),
});

/** The first message a schema gives each top-level field of `value`, by field name. */
export function fieldProblems(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    problems[key] ??= issue.message;
  }
  return problems;
}
export const PasswordResetBody = z.object({
  password: z.string().min(1, MSG.enterValidPassword).max(1000),
  token: z.string().min(10).max(500),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;
/** POST auth/passwordreset/check: whether a reset link's token can still set a password (200, else 401). */
export const PasswordResetCheckBody = PasswordResetBody.pick({ token: true });
export type PasswordResetCheckBody = z.infer<typeof PasswordResetCheckBody>;
export const RESET_REASONS = { weak: 'password too weak', invalid: 'invalid token' } as const;

export const CheckEmailBody = z.object({ email: Email });
export const CheckEmailResult = z.object({ exists: z.boolean() });
export type CheckEmailResult = z.infer<typeof CheckEmailResult>;

/** The answer of calls that only confirm (logout, reset request, reset). */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** The console route a mailed reset or activation link opens. */
export const PASSWORD_RESET_FORM_PATH = '/passwordreset/form';
/** An activation link (a new user's set-password mail) stays valid longer than a reset link (1 h). */
export const ACTIVATION_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;

/** Reset tokens carry the username for display only: `<base64url(username)>.<secret>`. */
export function usernameFromResetToken(token: string): string {
  const [head] = token.split('.');
  if (!head) return '';
  try {
    const b64 = head.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    // `fatal`: a damaged token names no one, rather than a name with replacement characters.
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}
