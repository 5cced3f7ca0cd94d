/**
 * Second factor (optional per user): time-based one-time codes (RFC 6238: SHA-1, 6 digits,
 * 30 s) and ten one-time recovery codes. Password sign-in answers a second step when a code is
 * needed; API keys never need one.
 */
import { z } from 'zod';
import { User } from './users.js';

export const TOTP_RECOVERY_CODE_COUNT = 10;
export const TOTP_ISSUER = 'Sightline';

export const TOTP_MSG = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  invalidCode: 'That code is not valid; check the time on your device and try again',
  notEnabled: 'Two-factor authentication is not turned on',
  alreadyEnabled: 'Two-factor authentication is already turned on',
  noSetup: 'Start the set-up again: scan the new QR code first',
  pendingExpired: 'Your sign-in expired; enter your email and password again',
  enrolRequired: 'Your organization requires two-factor authentication: set it up to continue',
  apiKey: 'An API key has no second factor',
} as const;

/** A 6-digit code or a recovery code (xxxxx-xxxxx; case, spaces and the hyphen are ignored). */
export const TotpCode = z
  .string({ error: TOTP_MSG.codeRequired })
  .trim()
  .min(1, TOTP_MSG.codeRequired)
  .max(32, TOTP_MSG.invalidCode)
  .regex(/^[0-9A-Za-z -]+$/, TOTP_MSG.invalidCode);

const PendingToken = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\w-]+$/, 'invalid token');

/** The password step's answer when a second step follows: no session yet. */
export const LoginSecondStep = z.object({
  /** `totp`: ask for a code; `enrol`: the organization requires a second factor the user has not set up. */
  secondFactor: z.enum(['totp', 'enrol']),
  pendingToken: z.string(),
});
export type LoginSecondStep = z.infer<typeof LoginSecondStep>;

export const LoginResult = z.union([User, LoginSecondStep]);
export type LoginResult = z.infer<typeof LoginResult>;

export function isSecondStep(result: LoginResult): result is LoginSecondStep {
  return 'secondFactor' in result;
}

export const TotpLoginBody = z.object({ pendingToken: PendingToken, code: TotpCode });
export type TotpLoginBody = z.infer<typeof TotpLoginBody>;
export const TotpPendingBody = z.object({ pendingToken: PendingToken });
export type TotpPendingBody = z.infer<typeof TotpPendingBody>;
export const TotpCodeBody = z.object({ code: TotpCode });
export type TotpCodeBody = z.infer<typeof TotpCodeBody>;

export const TotpStatus = z.object({
  enabled: z.boolean(),
  /** The organization requires a second factor for password sign-in. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof TotpStatus>;

/** A new secret, not yet in force: the first valid code turns it on. */
export const TotpSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

/** Shown once: the codes are stored hashed. */
export const TotpRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpRecoveryCodes = z.infer<typeof TotpRecoveryCodes>;

export const TotpEnrolResult = z.object({ user: User, recoveryCodes: z.array(z.string()) });
export type TotpEnrolResult = z.infer<typeof TotpEnrolResult>;
