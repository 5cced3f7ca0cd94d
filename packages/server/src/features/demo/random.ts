/** A small seeded generator, so every demo organization gets the same, reproducible data. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  hex(length: number): string;
  chars(length: number, alphabet?: string): string;
}

/** mulberry32: fast and good enough for demo data (not for anything secret). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chars = (length: number, alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ') =>
    Array.from({ length }, () => alphabet[int(0, alphabet.length - 1)]).join('');
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)],
    hex: (length) => chars(length, '0123456789ABCDEF'),
    chars,
  };
}
