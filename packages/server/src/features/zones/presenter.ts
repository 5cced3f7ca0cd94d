/**
 * Zones as the API presents them. The field table is the shared `Zone` schema's keys, each read
 * from the column of the same name but for the four renamed below: a field added to the schema
 * and the table is presented with no change here.
 */
import { fieldsOf, plain, presentFields, Zone } from '@sightline/shared';
import type { ZoneRow } from '../../db/rows.js';

const ZONE_FIELDS = fieldsOf(Zone, {
  _id: plain('id'),
  duration: plain('durationNs'),
  entryDelay: plain('entryDelayNs'),
  site: plain('siteId'),
});

export function presentZone(row: ZoneRow): Zone {
  return presentFields(ZONE_FIELDS, row);
}
