/** EPC encodings readers use: hex (any case) and base64 of the EPC bytes (Impinj `epc`). */
import { EPC_HEX_PATTERN } from '@sightline/shared';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
/** 128 hex digits = 64 bytes. */
const EPC_MAX_BYTES = 64;

/** The upper-case hex of a base64 EPC, or undefined when it is not base64 of 1..64 bytes. */
export function epcFromBase64(value: string): string | undefined {
  if (value.length === 0 || !BASE64.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 0 || bytes.length > EPC_MAX_BYTES) return undefined;
  return bytes.toString('hex').toUpperCase();
}

export function epcFromHex(value: string): string | undefined {
  const trimmed = value.trim();
  return EPC_HEX_PATTERN.test(trimmed) ? trimmed.toUpperCase() : undefined;
}
