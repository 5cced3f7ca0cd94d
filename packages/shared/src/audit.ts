/**
 * The audit trail: one row per change, sign-in, sign-out, read of a worker's whereabouts and
 * erasure, chained by hash per organization. The shapes the API answers with and the filters its
 * list takes.
 */
import { z } from 'zod';
import { IsoTime } from './dates.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';

/** Who did it: a signed-in user, an API key, a reader, or Sightline itself. */
export const AUDIT_ACTOR_TYPES = ['user', 'apikey', 'reader', 'system'] as const;
export const AuditActor = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  id: z.string().nullable(),
  name: z.string(),
});
export type AuditActor = z.infer<typeof AuditActor>;

/** The actions the trail records; an unknown one is still shown as it is stored. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'login-failed',
  'logout',
  'password-reset',
  'totp-enrol',
  'totp-remove',
  'read',
  'erase',
  'purge',
  'acknowledge',
  'resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a secret's value reads in a row. */
export const REDACTED = '[redacted]';

export const AUDIT_MSG = {
  /** `GET audit/verify` by a caller that may not read every site's rows (403). */
  wholeTrailOnly:
    "Verifying the audit trail reads every site's rows: it needs read on audit for All Sites and a caller of All Sites",
} as const;

export const AuditRow = z.object({
  id: z.string(),
  time: z.string(),
  actor: AuditActor,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  /**
   * The record's name as a person reads it: the row's own (a create's or delete's record, an
   * update's new name), the actor's when the row is about the actor (a sign-in), else the latest
   * name the trail holds for that record among the rows the caller reads; null when none does.
   */
  resourceName: z.string().nullable(),
  site: z.string().nullable(),
  /** `{ field: [before, after] }` for updates; the record for creates and deletes; details otherwise. */
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AUDIT_SORT_FIELDS = ['time'] as const;
export const AUDIT_QUERY_LIMIT = 1000;

export const AuditListQuery = listQuery(AUDIT_QUERY_LIMIT, AUDIT_SORT_FIELDS).extend({
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  /** An actor's id, or a part of its name. */
  actor: z.string().trim().min(1).max(200).optional(),
  action: z.string().trim().min(1).max(50).optional(),
  resource: z.string().trim().min(1).max(50).optional(),
  resourceId: z.string().trim().min(1).max(200).optional(),
  site: Id.optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** `GET /api/audit/verify`: the whole chain holds, or the first row that breaks it. */
export const AuditVerify = z.union([
  z.object({ ok: z.literal(true), rows: z.number().int() }),
  z.object({ ok: z.literal(false), firstBad: z.string() }),
]);
export type AuditVerify = z.infer<typeof AuditVerify>;
