/**
 * Whether an ID token shows that the provider checked more than one factor. `amr` lists the
 * authentication methods used (RFC 8176 names them): `mfa` says so outright; otherwise methods
 * from at least two of the three kinds — something known, something held, something one is —
 * count as a second factor. A token without `amr` shows nothing.
 */
const KIND: Record<string, 'knows' | 'has' | 'is'> = {
  pwd: 'knows',
  pin: 'knows',
  kba: 'knows',
  otp: 'has',
  hwk: 'has',
  swk: 'has',
  sms: 'has',
  tel: 'has',
  sc: 'has',
  pop: 'has',
  fpt: 'is',
  face: 'is',
  iris: 'is',
  retina: 'is',
  vbm: 'is',
};

export function showsMfa(amr: unknown): boolean {
  if (!Array.isArray(amr)) return false;
  const methods = amr.filter((m): m is string => typeof m === 'string');
  if (methods.includes('mfa')) return true;
  const kinds = new Set(methods.map((m) => KIND[m]).filter(Boolean));
  return kinds.size >= 2;
}
