/** How the Audit Log names actions and shows values. */
import type { AuditRow } from '@sightline/shared';
import { formatListDateTime, NONE } from '../../components/format';
import { spellKey } from './field-labels';

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
  'retention',
  'sites',
  'sitesettings',
  'ssosettings',
  'things',
  'users',
  'webhooks',
  'workers',
  'zones',
] as const;

/** The names a person reads for the resources a row may name (the stored key stays in the URL). */
const RESOURCE_LABELS: Record<string, string> = {
  apikeys: 'API keys',
  audit: 'Audit log',
  categories: 'Categories',
  endpoints: 'Endpoints',
  event: 'Events',
  exceptions: 'Alerts',
  images: 'Images',
  import: 'Import',
  locationtags: 'Location tags',
  maps: 'Maps',
  organizations: 'Organizations',
  orgsettings: 'Organization settings',
  reportconfigs: 'Report configurations',
  retention: 'Data retention',
  sites: 'Sites',
  sitesettings: 'Site settings',
  ssosettings: 'SSO settings',
  things: 'Things',
  users: 'Users',
  webhooks: 'Webhooks',
  workers: 'Workers',
  zones: 'Zones',
};

export const resourceLabel = (resource: string) => RESOURCE_LABELS[resource] ?? resource;

/** What a person reads for a row's record: its name (the server's `resourceName`), else its id; '—' when none. */
export function recordLabel(row: Pick<AuditRow, 'resourceId' | 'resourceName'>): string {
  if (!row.resourceId) return '—';
  return row.resourceName || row.resourceId;
}

/** Who acted, as a person reads it: a user by name alone, anything else with what it is. */
const ACTOR_KINDS: Record<string, string> = { apikey: 'API key', reader: 'reader', system: 'Sightline' };
export function actorLabel(actor: AuditRow['actor']): string {
  const kind = ACTOR_KINDS[actor.type];
  return kind && kind !== actor.name ? `${actor.name} (${kind})` : actor.name;
}

export interface DiffLine {
  /** The field's dotted path in the record ('autoEnroll.enabled'). */
  path: string;
  /** Its name as a person reads it (the editor's label). */
  field: string;
  before: string;
  after: string;
}

/** A stored instant ('2026-11-27T16:20:05.000Z'): shown on the viewer's clock like the row's time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A value as a person reads it: '—' for nothing, Yes/No, instants on the viewer's clock, a list's
 * values joined by commas, a list's records as 'field: value' pairs joined by semicolons.
 */
function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return NONE;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string') return INSTANT.test(v) ? formatListDateTime(v) : v;
  if (Array.isArray(v)) {
    if (v.length === 0) return NONE;
    return v.every((e) => !isPlainObject(e) && !Array.isArray(e))
      ? v.map(show).join(', ')
      : v.map(show).join('; ');
  }
  if (isPlainObject(v)) {
    const pairs = Object.entries(v).map(([k, e]) => `${spellKey(k).toLowerCase()}: ${show(e)}`);
    return pairs.length ? pairs.join(', ') : NONE;
  }
  return String(v);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record's values by dotted path: nested objects opened, lists kept whole. */
function leaves(value: unknown, prefix: string): [string, unknown][] {
  if (!isPlainObject(value) || Object.keys(value).length === 0) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`));
}

/** An update's pair, opened where both sides are objects into the fields that differ. */
function changedLeaves(path: string, before: unknown, after: unknown): [string, unknown, unknown][] {
  if (!isPlainObject(before) || !isPlainObject(after)) return [[path, before, after]];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((k) =>
    JSON.stringify(before[k]) === JSON.stringify(after[k])
      ? []
      : changedLeaves(`${path}.${k}`, before[k], after[k]),
  );
}

/**
 * The lines of a row's before/after table: an update's `{ field: [before, after] }`, a create's
 * record (after only), a delete's record (before only), or the details of anything else. Nested
 * objects are opened into their fields, each named by `label` (the record's editor labels).
 */
export function diffLines(
  row: Pick<AuditRow, 'action' | 'changes'>,
  label: (path: string) => string = spellKey,
): DiffLine[] {
  const changes = row.changes ?? {};
  const line = (path: string, before: string, after: string) => ({ path, field: label(path), before, after });
  return Object.entries(changes).flatMap(([key, value]) => {
    if (CHANGE_ACTIONS.has(row.action) && Array.isArray(value) && value.length === 2)
      return changedLeaves(key, value[0], value[1]).map(([path, b, a]) => line(path, show(b), show(a)));
    const gone = row.action === 'delete' || row.action === 'erase';
    return leaves(value, key).map(([path, v]) =>
      gone ? line(path, show(v), '—') : line(path, '—', show(v)),
    );
  });
}
