import { AUDIT_ACTOR_TYPES, type AuditActor, type AuditRow } from '@sightline/shared';
import type { AuditRowRecord } from '../../db/rows.js';

const actorType = (t: string): AuditActor['type'] =>
  (AUDIT_ACTOR_TYPES as readonly string[]).includes(t) ? (t as AuditActor['type']) : 'system';

/** The name a row's changes give its record: a create's or delete's `name`, an update's new one. */
export function nameInChanges(changes: unknown): string | null {
  const name = (changes as Record<string, unknown> | null)?.name;
  if (typeof name === 'string' && name) return name;
  if (Array.isArray(name) && typeof name[1] === 'string' && name[1]) return name[1];
  return null;
}

/** `resourceName` is the row's own; the list fills it from earlier rows when the row has none. */
export function presentAuditRow(row: AuditRowRecord): AuditRow {
  return {
    id: String(row.id),
    time: row.time.toISOString(),
    actor: { type: actorType(row.actorType), id: row.actorId, name: row.actorName },
    ip: row.ip,
    userAgent: row.userAgent,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    resourceName: !row.resourceId
      ? null
      : (nameInChanges(row.changes) ?? (row.actorId === row.resourceId ? row.actorName : null)),
    site: row.siteId,
    changes: row.changes ?? null,
  };
}
