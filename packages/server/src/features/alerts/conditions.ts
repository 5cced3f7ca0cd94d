/**
 * The alerts a clock raises: a thing last seen in a zone and not seen anywhere for its class's
 * `missingAfterHours` (site settings; unset = off), and an endpoint with no heartbeat and no
 * sighting (both set `endpoints.last_heartbeat`) for `offlineAfterMinutes` (site settings, default
 * 60). Each is raised once per absence and resolved by the system once the thing is seen or the
 * endpoint is heard from again.
 */
import { DEFAULT_OFFLINE_AFTER_MINUTES, type ExceptionRecord } from '@sightline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { newId } from '../../platform/ids.js';
import type { JobScope } from '../../platform/jobs.js';
import type { ExceptionStep } from '../exceptions/changes.js';
import { enqueueExceptionWebhooks } from '../webhooks/outbox.js';
import { type AlertDeps, announce, type NewAlert, resolveBySystem, storeAlerts } from './raise.js';

const HOUR_NS = 3_600_000_000_000;

function inScope(column: SQL, scope: JobScope): SQL {
  if (!scope.orgIds) return sql`true`;
  return sql`${column} IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.orgIds)}::jsonb))`;
}

interface Missing {
  org_id: string;
  site_id: string;
  id: string;
  zone_id: string;
  /** As the driver answers a raw timestamptz (a string or a Date). */
  last_seen: Date | string;
  hours: number;
}

/** Things missing at `now` with no exception for this absence yet. */
function missingThings(tx: Tx, now: Date, scope: JobScope) {
  return rows<Missing>(
    tx,
    sql`SELECT t.org_id, z.site_id, t.id, t.zone_id, t.last_endpoint_time AS last_seen, h.hours
      FROM things t JOIN zones z ON z.id = t.zone_id AND z.org_id = t.org_id
      JOIN sites s ON s.id = z.site_id,
      LATERAL (SELECT (s.settings->'missingAfterHours'->>t.class)::double precision AS hours) h
      WHERE t.deleted_at IS NULL AND t.last_endpoint_time IS NOT NULL AND h.hours > 0
        AND ${inScope(sql`t.org_id`, scope)}
        AND t.last_endpoint_time <= ${now.toISOString()}::timestamptz - h.hours * interval '1 hour'
        AND NOT EXISTS (SELECT 1 FROM exceptions e WHERE e.type = 'thingMissing' AND e.thing_id = t.id
          AND e.stay_start = t.last_endpoint_time)
      ORDER BY t.org_id, t.id LIMIT 1000`,
  );
}

interface Offline {
  org_id: string;
  site_id: string;
  id: string;
  last_heartbeat: Date | string;
}

/** Endpoints silent for their site's offline time with no open offline exception. */
function offlineEndpoints(tx: Tx, now: Date, scope: JobScope) {
  return rows<Offline>(
    tx,
    sql`SELECT e.org_id, e.site_id, e.id, e.last_heartbeat FROM endpoints e JOIN sites s ON s.id = e.site_id
      WHERE e.last_heartbeat IS NOT NULL AND ${inScope(sql`e.org_id`, scope)}
        AND e.last_heartbeat <= ${now.toISOString()}::timestamptz
          - coalesce((s.settings->>'offlineAfterMinutes')::double precision, ${DEFAULT_OFFLINE_AFTER_MINUTES}) * interval '1 minute'
        AND NOT EXISTS (SELECT 1 FROM exceptions x WHERE x.org_id = e.org_id AND x.type = 'endpointOffline'
          AND x.endpoint_id = e.id AND x.state <> 'resolved')
      ORDER BY e.org_id, e.id LIMIT 1000`,
  );
}

/** Unresolved missing and offline exceptions whose thing was seen, or endpoint heard from, since. */
function cleared(tx: Tx, scope: JobScope) {
  return rows<{ org_id: string; id: string }>(
    tx,
    sql`SELECT x.org_id, x.id FROM exceptions x
      WHERE x.state <> 'resolved' AND x.type IN ('thingMissing', 'endpointOffline') AND ${inScope(sql`x.org_id`, scope)}
        AND (EXISTS (SELECT 1 FROM things t WHERE x.type = 'thingMissing' AND t.id = x.thing_id
              AND (t.last_endpoint_time > x.stay_start OR t.deleted_at IS NOT NULL))
          OR EXISTS (SELECT 1 FROM endpoints e WHERE x.type = 'endpointOffline' AND e.id = x.endpoint_id
              AND e.last_heartbeat > x.stay_start)
          OR (x.type = 'endpointOffline' AND NOT EXISTS (SELECT 1 FROM endpoints e WHERE e.id = x.endpoint_id)))`,
  );
}

const byOrg = <T extends { org_id: string }>(list: T[]) => {
  const groups = new Map<string, T[]>();
  for (const item of list) groups.set(item.org_id, [...(groups.get(item.org_id) ?? []), item]);
  return groups;
};

function missingAlert(m: Missing, now: Date): NewAlert {
  return {
    id: newId(now.getTime()),
    orgId: m.org_id,
    siteId: m.site_id,
    type: 'thingMissing',
    time: now,
    thingId: m.id,
    zoneId: m.zone_id,
    multipleThings: [],
    timeDurationNs: Math.round(Number(m.hours) * HOUR_NS),
    stayStart: new Date(m.last_seen),
  };
}

function offlineAlert(o: Offline, now: Date): NewAlert {
  return {
    id: newId(now.getTime()),
    orgId: o.org_id,
    siteId: o.site_id,
    type: 'endpointOffline',
    time: now,
    endpointId: o.id,
    multipleThings: [],
    stayStart: new Date(o.last_heartbeat),
  };
}

/** One run: raise what is due, resolve what cleared, per organization in its own transaction. */
export async function checkConditions(deps: AlertDeps, nowMs: number, scope: JobScope = {}) {
  const now = new Date(nowMs);
  const { db } = deps;
  const found = await db.transaction(async (tx) => ({
    missing: await missingThings(tx, now, scope),
    offline: await offlineEndpoints(tx, now, scope),
    cleared: await cleared(tx, scope),
  }));
  const orgs = new Set([...found.missing, ...found.offline, ...found.cleared].map((r) => r.org_id));
  const missing = byOrg(found.missing);
  const offline = byOrg(found.offline);
  const clearedIds = byOrg(found.cleared);
  let count = 0;
  for (const orgId of orgs) {
    const steps = await db.transaction(async (tx) => {
      const raised: ExceptionRecord[] = await storeAlerts(tx, orgId, [
        ...(missing.get(orgId) ?? []).map((m) => missingAlert(m, now)),
        ...(offline.get(orgId) ?? []).map((o) => offlineAlert(o, now)),
      ]);
      const resolved = await resolveBySystem(
        tx,
        orgId,
        (clearedIds.get(orgId) ?? []).map((c) => c.id),
        now,
      );
      const changes = [
        ...raised.map((record): ExceptionStep => ({ change: 'created', record })),
        ...resolved.map((record): ExceptionStep => ({ change: 'resolved', record })),
      ];
      await enqueueExceptionWebhooks(tx, orgId, changes);
      return changes;
    });
    count += steps.length;
    await announce(deps, orgId, steps);
  }
  return count;
}
