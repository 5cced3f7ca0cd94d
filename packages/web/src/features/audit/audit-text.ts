/** How the Audit Log names actions and shows values. */
import type { AuditRow } from '@sightline/shared';

export const ACTION_LABELS: Record<string, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  login: 'Sign-in',
  'login-failed': 'Sign-in refused',
  logout: 'Sign-out',
  'password-reset': 'Password reset',
  'totp-enrol': 'Two-factor on',
  'totp-remove': 'Two-factor off',
  read: 'Read',
  erase: 'Erase',
  purge: 'Purge',
  acknowledge: 'Acknowledge',
  resolve: 'Resolve',
};

/** Actions whose rows carry `{ field: [before, after] }`. */
const CHANGE_ACTIONS = new Set(['update', 'acknowledge', 'resolve']);

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The resources a row may name, as the filter offers them. */
export const AUDIT_RESOURCES = [
  'apikeys',
  'audit',
  'categories',
  'endpoints',
  'event',
  'exceptions',
  'images',
  'import',
  'locationtags',
  'maps',
  'organizations',
  'orgsettings',
  'reportconfigs',
  'sites',
  'sitesettings',
  'ssosettings',
  'things',
  'users',
  'webhooks',
  'zones',
] as const;

export interface DiffLine {
  field: string;
  before: string;
  after: string;
}

const show = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * The lines of a row's before/after table: an update's `{ field: [before, after] }`, a create's
 * record (after only), a delete's record (before only), or the details of anything else.
 */
export function diffLines(row: Pick<AuditRow, 'action' | 'changes'>): DiffLine[] {
  const changes = row.changes ?? {};
  return Object.entries(changes).map(([field, value]) => {
    if (CHANGE_ACTIONS.has(row.action) && Array.isArray(value) && value.length === 2)
      return { field, before: show(value[0]), after: show(value[1]) };
    if (row.action === 'delete' || row.action === 'erase') return { field, before: show(value), after: '—' };
    return { field, before: '—', after: show(value) };
  });
}
