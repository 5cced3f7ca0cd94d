/**
 * How an acknowledgement or a resolution reads in the audit trail: one row per exception the
 * request reached (one or many), naming the alert as the caller saw it ("Zone time alert for
 * Pallet 1 in Dock") with what changed as `{ field: [before, after] }`: its state and the note it
 * was given. The recorder writes these rows instead of one row of the route's answer.
 */
import { EXCEPTION_TYPE_LABELS, type ExceptionRecord } from '@sightline/shared';
import { type DescribedChange, describeChanges } from '../../platform/request-tx.js';

/** "Zone time alert for Pallet 1 in Dock": the alert's kind, its thing or endpoint, its zone. */
function alertSummary(r: ExceptionRecord): string {
  const subject = r.thingName ?? r.endpointName;
  return [
    `${EXCEPTION_TYPE_LABELS[r.type]} alert`,
    subject ? ` for ${subject}` : '',
    r.zoneName ? ` in ${r.zoneName}` : '',
  ].join('');
}

function describe(before: ExceptionRecord, after: ExceptionRecord): DescribedChange {
  const changes: Record<string, unknown> = { alert: alertSummary(after) };
  if (before.state !== after.state) changes.state = [before.state, after.state];
  const added = after.notes.slice(before.notes.length);
  for (const note of added) {
    const field = note.change === 'acknowledged' ? 'acknowledgementNote' : 'resolutionNote';
    changes[field] = [before[field], note.text];
  }
  return { resourceId: after._id, siteId: after.site, changes };
}

/** Describes the change of each exception (`before` and `after` as the caller sees them). */
export function describeStateChanges(before: readonly ExceptionRecord[], after: readonly ExceptionRecord[]) {
  const byId = new Map(before.map((r) => [r._id, r]));
  describeChanges(after.map((a) => describe(byId.get(a._id) ?? a, a)));
}
