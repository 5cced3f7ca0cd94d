import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Passwords are stored as argon2id hashes; the library's default algorithm is argon2id. */
export const hashPassword = (password: string) =>
  hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
/** High-entropy tokens (sessions, API keys, reset tokens) are stored as a SHA-256 digest. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
