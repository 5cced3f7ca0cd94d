/** Percentiles and number formatting for the benchmark's report. */

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** p50 / p99 / max of a sample (sorted in place). */
export function summarize(sample: number[]) {
  sample.sort((a, b) => a - b);
  return {
    count: sample.length,
    p50: percentile(sample, 50),
    p99: percentile(sample, 99),
    max: sample.length ? (sample[sample.length - 1] ?? Number.NaN) : Number.NaN,
  };
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

export const ms = (n: number) => `${fmt(n, 1)} ms`;
