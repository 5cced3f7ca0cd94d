import { REDACTED } from '@sightline/shared';

/**
 * Field names whose values are secrets: passwords, tokens, keys, client secrets, TOTP seeds and
 * recovery codes. A row never carries them; they read "[redacted]" (whether or not they changed).
 */
const SECRET = /password|token|secret|apikey|^key$|keyhash|seed|recovery|credential|private/i;

/** `value` with every secret field, at any depth, replaced by "[redacted]". */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET.test(k) && v !== null && v !== undefined && v !== '' ? REDACTED : redact(v, depth + 1),
    ]),
  );
}
