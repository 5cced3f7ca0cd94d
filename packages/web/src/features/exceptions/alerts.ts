/**
 * The Alerts screen's rules without React: its filters as URL parameters and as the list query,
 * how long an alert has been waiting, and the steps of an alert's timeline.
 */
import {
  EXCEPTION_TYPES,
  type ExceptionRecord,
  type ExceptionState,
  type ExceptionType,
  LIST_LIMIT_MAX,
  RESOLVED_BY_SYSTEM,
} from '@sightline/shared';
import dayjs from 'dayjs';
import type { Query } from '../../api/client';
import type { DateRange } from '../../components/date-range';

/**
 * "Open" means not resolved: new (state `open`, nobody on it yet) and acknowledged alerts. The menu
 * badge, the screen's count and its default list all use this one set.
 */
const OPEN_STATES: readonly ExceptionState[] = ['open', 'acknowledged'];

/** The state choices of the screen's filter: all open ones (the default), or one state. */
export const STATE_FILTERS = ['new', 'acknowledged', 'resolved'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

const FILTER_STATE: Record<StateFilter, ExceptionState> = {
  new: 'open',
  acknowledged: 'acknowledged',
  resolved: 'resolved',
};

export interface AlertFilters {
  type?: ExceptionType;
  zone?: string;
  /** One state, or every open one when absent. */
  state?: StateFilter;
}

export const asStateFilter = (value: string | null): StateFilter | undefined =>
  STATE_FILTERS.find((s) => s === value);

/** The filters from the page's URL; unknown values are ignored (a stale link still opens). */
export function readAlertFilters(params: URLSearchParams): AlertFilters {
  const type = params.get('type');
  const zone = params.get('zone');
  return {
    type: EXCEPTION_TYPES.find((t) => t === type),
    zone: zone || undefined,
    state: asStateFilter(params.get('state')),
  };
}

/** Whether any filter narrows the default list (the open alerts of every type and zone). */
export const hasAlertFilters = (filters: AlertFilters) =>
  filters.type !== undefined || filters.zone !== undefined || filters.state !== undefined;

/** The filters written back to the URL, the other parameters (site) kept. */
export function writeAlertFilters(params: URLSearchParams, filters: AlertFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['type', 'zone', 'state'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** GET exceptions for the screen: the site's open alerts (or those of one state), newest first. */
export function alertsQuery(site: string | undefined, filters: AlertFilters): Query {
  return {
    site,
    state: filters.state ? FILTER_STATE[filters.state] : OPEN_STATES.join(','),
    type: filters.type,
    zone: filters.zone,
    sort: '-time',
    limit: LIST_LIMIT_MAX,
  };
}

/** GET exceptions for the count of the site's open alerts (its x-total-count): badge and heading. */
export const openAlertsQuery = (site: string | undefined): Query => ({
  site,
  state: OPEN_STATES.join(','),
  limit: 1,
});

/** The alerts a bulk action changes: acknowledging skips those already acknowledged. */
export function changedBy(
  action: 'acknowledge' | 'resolve',
  alerts: Pick<ExceptionRecord, '_id' | 'state'>[],
) {
  return alerts
    .filter((e) => (action === 'acknowledge' ? e.state === 'open' : e.state !== 'resolved'))
    .map((e) => e._id);
}

/** How long an alert has waited: '45s', '12m 05s', '3h 04m', '2d 3h'. Never negative. */
export function formatSince(from: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(from)) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${pad(seconds % 60)}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${pad(minutes % 60)}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** A state's name: `open` is shown as New, since "open" names every unresolved alert. */
export const STATE_LABELS: Record<ExceptionState, string> = {
  open: 'New',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

export type TimelineKind = 'raised' | 'acknowledged' | 'reminded' | 'escalated' | 'resolved';

export interface TimelineStep {
  kind: TimelineKind;
  time: string;
  text: string;
  /** Said before the time when it is not the step's only time (the last of several reminders). */
  timePrefix?: string;
}

type TimelineSource = Pick<
  ExceptionRecord,
  | 'time'
  | 'acknowledgedAt'
  | 'acknowledgedByName'
  | 'acknowledgedBy'
  | 'escalatedAt'
  | 'reminders'
  | 'remindedAt'
  | 'resolvedAt'
  | 'resolvedBy'
  | 'resolvedByName'
>;

/**
 * What happened to an alert, oldest first. Reminders are stored as a count and the last one's time,
 * so they make one step. A resolution by the system says that its condition cleared.
 */
export function alertTimeline(e: TimelineSource): TimelineStep[] {
  const steps: TimelineStep[] = [{ kind: 'raised', time: e.time, text: 'Raised' }];
  if (e.acknowledgedAt)
    steps.push({
      kind: 'acknowledged',
      time: e.acknowledgedAt,
      text: `Acknowledged by ${e.acknowledgedByName ?? e.acknowledgedBy ?? 'a user'}`,
    });
  if (e.escalatedAt)
    steps.push({ kind: 'escalated', time: e.escalatedAt, text: 'Escalated to the escalation list' });
  if (e.reminders > 0 && e.remindedAt)
    steps.push({
      kind: 'reminded',
      time: e.remindedAt,
      text: e.reminders === 1 ? 'Reminded once' : `Reminded ${e.reminders} times`,
      timePrefix: e.reminders === 1 ? undefined : 'last ',
    });
  if (e.resolvedAt) {
    const who =
      e.resolvedBy === RESOLVED_BY_SYSTEM
        ? 'the system (its condition cleared)'
        : (e.resolvedByName ?? e.resolvedBy ?? 'a user');
    steps.push({ kind: 'resolved', time: e.resolvedAt, text: `Resolved by ${who}` });
  }
  // Stable sort by time keeps 'raised' first when times tie.
  return steps.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

/**
 * The whole days an alert covers, for the events shown with it: from the day its condition began
 * (the stay's start, the last sighting; else when it was raised) to the day it was resolved, or
 * today while it is open.
 */
export function alertPeriod(
  e: Pick<ExceptionRecord, 'stayStart' | 'time' | 'resolvedAt'>,
  now: Date = new Date(),
): DateRange {
  return {
    after: dayjs(e.stayStart ?? e.time)
      .startOf('day')
      .toISOString(),
    before: dayjs(e.resolvedAt ?? now)
      .endOf('day')
      .toISOString(),
  };
}
