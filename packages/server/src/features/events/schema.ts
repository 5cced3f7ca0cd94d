/**
 * Shapes of the events feature (SPEC §3 Event, Zone duration record; §7 events, eventsources,
 * zonedurations, event). Kept here until they move to packages/shared beside the other entities.
 */
import {
  EpcHex,
  EVENT_SORT_FIELDS,
  EVENTS_QUERY_LIMIT,
  Id,
  listQuery,
  ZONE_DURATION_SORT_FIELDS,
} from '@sightline/shared';
import { z } from 'zod';

/** Event and zone duration ids are bigserials, shown ObjectId shaped (24 hex digits) like every other id. */
export const serialApiId = (id: number) => id.toString(16).padStart(24, '0');

const IsoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time with a timezone' });

/** `a,b,c` → ids, each validated. */
const IdList = z
  .string()
  .max(25 * 200)
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(Id).max(200));

/** The event shapes live in shared (the web reads them too). */
export { EventRecord, EventSource, ZoneDurationRecord } from '@sightline/shared';

export const EventListQuery = listQuery(EVENTS_QUERY_LIMIT, EVENT_SORT_FIELDS).extend({
  site: Id,
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  endpoint: IdList.optional(),
  thing: Id.optional(),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

export const SiteQuery = z.object({ site: Id });

export const ZoneDurationQuery = listQuery(EVENTS_QUERY_LIMIT, ZONE_DURATION_SORT_FIELDS).extend({
  site: Id,
  after: IsoTime.optional(),
  before: IsoTime.optional(),
  thing: Id.optional(),
});
export type ZoneDurationQuery = z.infer<typeof ZoneDurationQuery>;

/** POST api/event: place the tag's thing in the zone as if a gate saw it (DESIGN §7.10). */
export const ManualEventBody = z.object({ tag: EpcHex, zone: Id });
export type ManualEventBody = z.infer<typeof ManualEventBody>;
