/** TOTP (RFC 6238, via otpauth) and recovery-code arithmetic; no database here. */
import { randomBytes } from 'node:crypto';
import { TOTP_ISSUER } from '@sightline/shared';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../platform/crypto.js';

const PERIOD = 30;

const totpOf = (secret: string, label = '') =>
  new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export async function setupOf(secret: string, username: string) {
  const otpauthUrl = totpOf(secret, username).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/**
 * The time step a 6-digit code belongs to (this step or one either side, for clock drift), or
 * undefined. A step at or before `lastStep` was already used: refused, so a seen code cannot be replayed.
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number,
  now = Date.now(),
): number | undefined {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return undefined;
  const delta = totpOf(secret).validate({ token: digits, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return step > lastStep ? step : undefined;
}

/** The code for a time (tests and the browser journey act as the authenticator app). */
export const codeAt = (secret: string, timestamp = Date.now()) => totpOf(secret).generate({ timestamp });

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k3mzq-8rt2w` (about 49 bits each). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and hyphens do not matter when a recovery code is typed. */
export const recoveryHash = (code: string) =>
  sha256(`totp-recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);
