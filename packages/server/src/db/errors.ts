/** Recognises a unique-key violation (PostgreSQL 23505), whether the driver or Drizzle raised it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
