import { AUDIT_ACTOR_TYPES, type AuditActor, type AuditRow } from '@sightline/shared';
import type { AuditRowRecord } from '../../db/rows.js';

const actorType = (t: string): AuditActor['type'] =>
  (AUDIT_ACTOR_TYPES as readonly string[]).includes(t) ? (t as AuditActor['type']) : 'system';

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
    site: row.siteId,
    changes: row.changes ?? null,
  };
}
