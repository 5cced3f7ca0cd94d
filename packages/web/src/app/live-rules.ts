/**
 * What each live message does to the cached data, built from the features' query keys: things and
 * events are written into the cache as state (features/things/live.ts, features/events/live.ts);
 * the rest makes its queries stale. `LIVE_RESYNC` is refetched once after the stream reconnects:
 * whatever changed while it was down.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { LiveRules } from '../api/live';
import { endpointKeys } from '../features/endpoints/keys';
import { eventKeys } from '../features/events/keys';
import { applyEventLive } from '../features/events/live';
import { exceptionKeys } from '../features/exceptions/keys';
import { zoneDurationKeys } from '../features/reports/keys';
import { thingKeys } from '../features/things/keys';
import { applyThingLive } from '../features/things/live';
import { zoneKeys } from '../features/zones/keys';

export const LIVE_RULES: LiveRules = {
  event: applyEventLive,
  thing: applyThingLive,
  zoneChange: (_, { invalidate }) => {
    invalidate(zoneKeys.overviews());
    invalidate(zoneDurationKeys.all());
  },
  exception: (_, { invalidate }) => invalidate(exceptionKeys.all()),
  heartbeat: (_, { invalidate }) => invalidate(endpointKeys.all()),
  notification: () => undefined,
};

export const LIVE_RESYNC: readonly QueryKey[] = [
  eventKeys.all(),
  thingKeys.all(),
  zoneKeys.overviews(),
  zoneDurationKeys.all(),
  exceptionKeys.all(),
  endpointKeys.all(),
];
