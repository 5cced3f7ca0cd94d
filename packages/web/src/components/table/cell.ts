import { MSG } from '@sightline/shared';

/** A dotted path's value: valueAt({ a: { b: 1 } }, 'a.b') → 1. */
export function valueAt(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The default text of a list cell. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(cellText).join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return MSG.notAvailable;
  return String(value);
}

/** A list title inside a sentence: 'Location Tags' → 'location tags', keeping acronyms ('API keys'). */
export const lowerTitle = (title: string) => title.replace(/\b([A-Z])(?=[a-z])/g, (c) => c.toLowerCase());
