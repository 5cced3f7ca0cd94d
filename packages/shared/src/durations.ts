/**
 * Durations are integer nanoseconds in the API and the database; inputs offer these units, minutes
 * by default.
 */
export const DURATION_UNITS = [
  { unit: 'milliseconds', ns: 1_000_000 },
  { unit: 'seconds', ns: 1_000_000_000 },
  { unit: 'minutes', ns: 60_000_000_000 },
  { unit: 'hours', ns: 3_600_000_000_000 },
  { unit: 'days', ns: 86_400_000_000_000 },
] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number]['unit'];
export const DURATION_UNIT_DEFAULT: DurationUnit = 'minutes';

export function unitNs(unit: DurationUnit): number {
  return DURATION_UNITS.find((u) => u.unit === unit)?.ns ?? 60_000_000_000;
}
export const toNanoseconds = (value: number, unit: DurationUnit = 'minutes') =>
  Math.round(value * unitNs(unit));
export const fromNanoseconds = (ns: number, unit: DurationUnit = 'minutes') => ns / unitNs(unit);
export const msToNs = (ms: number) => Math.round(ms * 1_000_000);
export const nsToMs = (ns: number) => Math.round(ns / 1_000_000);
