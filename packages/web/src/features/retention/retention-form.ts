/** The Data retention tab's form: per class a days field (text while typed) and "keep forever". */
import {
  RETENTION_CLASSES,
  type RetentionClass,
  type RetentionPolicy,
  RetentionPolicyInput,
} from '@sightline/shared';

export type RetentionForm = Record<RetentionClass, { days: string; forever: boolean }>;

export function toRetentionForm(policy: RetentionPolicy): RetentionForm {
  return Object.fromEntries(
    RETENTION_CLASSES.map((c) => {
      const days = policy[c];
      return [c, { days: days === null ? '' : String(days), forever: days === null }];
    }),
  ) as RetentionForm;
}

/** The PUT body, or the message of each class the server would refuse. */
export function toRetentionBody(
  form: RetentionForm,
): { body: RetentionPolicy; errors?: undefined } | { errors: Partial<Record<RetentionClass, string>> } {
  const raw = Object.fromEntries(
    RETENTION_CLASSES.map((c) => {
      const { days, forever } = form[c];
      const text = days.trim();
      return [c, forever ? null : text === '' || Number.isNaN(Number(text)) ? text : Number(text)];
    }),
  );
  const parsed = RetentionPolicyInput.safeParse(raw);
  if (parsed.success) return { body: raw as RetentionPolicy };
  const errors: Partial<Record<RetentionClass, string>> = {};
  for (const issue of parsed.error.issues) {
    const c = issue.path[0] as RetentionClass;
    errors[c] ??= issue.message;
  }
  return { errors };
}

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** Bytes in the largest unit under 1024 of it, one decimal from kB up (1024-based, as PostgreSQL's pg_size_pretty). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** "14 days", "1 day", or "Forever". */
export const formatDays = (days: number | null) =>
  days === null ? 'Forever' : `${days} ${days === 1 ? 'day' : 'days'}`;
