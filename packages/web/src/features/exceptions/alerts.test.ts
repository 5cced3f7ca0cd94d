import { ExceptionListQuery } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  alertPeriod,
  alertsQuery,
  alertTimeline,
  changedBy,
  formatSince,
  hasAlertFilters,
  openAlertsQuery,
  readAlertFilters,
  writeAlertFilters,
} from './alerts';

const SITE = '5f0000000000000000000001';
const ZONE = '5f0000000000000000000002';

describe('alert filters', () => {
  it('reads known values from the URL and ignores the rest', () => {
    const params = new URLSearchParams(`site=${SITE}&type=endpointOffline&zone=${ZONE}&state=resolved`);
    expect(readAlertFilters(params)).toEqual({ type: 'endpointOffline', zone: ZONE, state: 'resolved' });
    // 'open' is the default (every unresolved alert), not a state to pick.
    expect(readAlertFilters(new URLSearchParams('state=open')).state).toBeUndefined();
    expect(readAlertFilters(new URLSearchParams('type=nope'))).toEqual({
      type: undefined,
      zone: undefined,
      state: undefined,
    });
  });

  it('writes them back keeping the site, and drops cleared ones', () => {
    const params = new URLSearchParams(`site=${SITE}&type=thingMissing`);
    const next = writeAlertFilters(params, { state: 'new' });
    expect(next.get('site')).toBe(SITE);
    expect(next.has('type')).toBe(false);
    expect(next.get('state')).toBe('new');
  });

  it('counts filters only when they narrow the open alerts', () => {
    expect(hasAlertFilters({})).toBe(false);
    expect(hasAlertFilters({ state: 'resolved' })).toBe(true);
    expect(hasAlertFilters({ zone: ZONE })).toBe(true);
  });

  it('counts open alerts as the list shows them: new and acknowledged', () => {
    expect(openAlertsQuery(SITE)).toEqual({ site: SITE, state: 'open,acknowledged', limit: 1 });
    expect(alertsQuery(SITE, {}).state).toBe(openAlertsQuery(SITE).state);
    expect(alertsQuery(SITE, { state: 'new' }).state).toBe('open');
    expect(alertsQuery(SITE, { state: 'resolved' }).state).toBe('resolved');
  });

  it('asks for the unresolved alerts newest first, in a query the server accepts', () => {
    const query = alertsQuery(SITE, {});
    expect(query).toMatchObject({ site: SITE, state: 'open,acknowledged', sort: '-time' });
    const parsed = ExceptionListQuery.parse(
      Object.fromEntries(
        Object.entries(alertsQuery(SITE, { type: 'antennaDisconnected', zone: ZONE, state: 'acknowledged' }))
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
    );
    expect(parsed).toMatchObject({
      site: SITE,
      state: ['acknowledged'],
      type: 'antennaDisconnected',
      zone: ZONE,
    });
    expect(ExceptionListQuery.parse({ site: SITE, state: String(query.state) }).state).toEqual([
      'open',
      'acknowledged',
    ]);
  });
});

describe('changedBy', () => {
  const alerts = [
    { _id: 'a', state: 'open' as const },
    { _id: 'b', state: 'acknowledged' as const },
    { _id: 'c', state: 'resolved' as const },
  ];
  it('acknowledges only new alerts, resolves every unresolved one', () => {
    expect(changedBy('acknowledge', alerts)).toEqual(['a']);
    expect(changedBy('resolve', alerts)).toEqual(['a', 'b']);
  });
});

describe('alertPeriod', () => {
  const now = new Date('2026-03-10T12:00:00');
  it('runs from the day the stay began to today while the alert is open', () => {
    const range = alertPeriod(
      { stayStart: '2026-03-02T09:00:00', time: '2026-03-03T10:00:00', resolvedAt: null },
      now,
    );
    expect(new Date(range.after ?? '')).toEqual(new Date('2026-03-02T00:00:00'));
    expect(new Date(range.before ?? '')).toEqual(new Date('2026-03-10T23:59:59.999'));
  });
  it('ends the day it was resolved, and starts when it was raised without a stay', () => {
    const range = alertPeriod(
      { stayStart: null, time: '2026-03-03T10:00:00', resolvedAt: '2026-03-05T08:00:00' },
      now,
    );
    expect(new Date(range.after ?? '')).toEqual(new Date('2026-03-03T00:00:00'));
    expect(new Date(range.before ?? '')).toEqual(new Date('2026-03-05T23:59:59.999'));
  });
});

describe('formatSince', () => {
  const from = '2026-01-01T00:00:00.000Z';
  const at = (seconds: number) => Date.parse(from) + seconds * 1000;
  it('grows from seconds to days', () => {
    expect(formatSince(from, at(-5))).toBe('0s');
    expect(formatSince(from, at(45))).toBe('45s');
    expect(formatSince(from, at(12 * 60 + 5))).toBe('12m 05s');
    expect(formatSince(from, at(3 * 3600 + 4 * 60))).toBe('3h 04m');
    expect(formatSince(from, at(2 * 86400 + 3 * 3600))).toBe('2d 3h');
  });
});

describe('alertTimeline', () => {
  const base = {
    time: '2026-01-01T00:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedByName: null,
    escalatedAt: null,
    reminders: 0,
    remindedAt: null,
    resolvedAt: null,
    resolvedBy: null,
    resolvedByName: null,
  };

  it('an open alert was only raised', () => {
    expect(alertTimeline(base).map((s) => s.kind)).toEqual(['raised']);
  });

  it('lists every step in time order, with who acted', () => {
    const steps = alertTimeline({
      ...base,
      escalatedAt: '2026-01-01T00:15:00.000Z',
      reminders: 2,
      remindedAt: '2026-01-01T01:00:00.000Z',
      acknowledgedAt: '2026-01-01T01:10:00.000Z',
      acknowledgedBy: 'u1',
      acknowledgedByName: 'Ana Ops',
      resolvedAt: '2026-01-01T02:00:00.000Z',
      resolvedBy: 'system',
    });
    expect(steps.map((s) => s.kind)).toEqual(['raised', 'escalated', 'reminded', 'acknowledged', 'resolved']);
    expect(steps[2]).toMatchObject({ text: 'Reminded 2 times', timePrefix: 'last ' });
    expect(steps[3]?.text).toBe('Acknowledged by Ana Ops');
    expect(steps[4]?.text).toBe('Resolved by the system (its condition cleared)');
  });
});
