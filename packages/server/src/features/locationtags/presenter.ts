/** Location tags as the API presents them. */
import type { LocationTag } from '@sightline/shared';
import type { LocationTagRow } from '../../db/rows.js';

export function presentLocationTag(row: LocationTagRow): LocationTag {
  return {
    _id: row.id,
    name: row.name,
    tag: row.tag,
    zone: row.zoneId,
    map: row.mapId,
    xycoordinates: [row.x, row.y],
    site: row.siteId,
  };
}
