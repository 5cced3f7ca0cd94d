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

/**
 * What a person reads for a row's record: its name when the row carries one (a create's or delete's
 * record, an update's renamed pair), the actor's own name when the row is about the actor (a
 * sign-in), else the record's id, and '—' when the row names no record.
 */
export function recordLabel(row: Pick<AuditRow, 'resourceId' | 'changes' | 'actor'>): string {
  if (!row.resourceId) return '—';
  const name = row.changes?.name;
  if (typeof name === 'string' && name) return name;
  if (Array.isArray(name) && typeof name[1] === 'string' && name[1]) return name[1];
  if (row.actor.id === row.resourceId) return row.actor.name;
  return row.resourceId;
}

/** Who acted, as a person reads it: a user by name alone, anything else with what it is. */
const ACTOR_KINDS: Record<string, string> = { apikey: 'API key', reader: 'reader', system: 'Sightline' };
export function actorLabel(actor: AuditRow['actor']): string {
  const kind = ACTOR_KINDS[actor.type];
  return kind && kind !== actor.name ? `${actor.name} (${kind})` : actor.name;
}

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
