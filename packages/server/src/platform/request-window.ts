/**
 * A per-address request budget for public reads that check no secret (the sign-in limiter counts
 * failed secrets, which such a read has none of): at most `limit` requests per client address
 * within `windowMs`, counted in this process's memory (a fixed window per address; windows gone by
 * are dropped once the map holds many addresses).
 */
const SWEEP_AT = 10_000;

export function requestWindow(limit: number, windowMs: number) {
  const seen = new Map<string, { start: number; count: number }>();
  return (address: string, now = Date.now()): boolean => {
    const entry = seen.get(address);
    if (!entry || now - entry.start >= windowMs) {
      if (seen.size >= SWEEP_AT) {
        for (const [key, value] of seen) if (now - value.start >= windowMs) seen.delete(key);
      }
      seen.set(address, { start: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= limit;
  };
}
