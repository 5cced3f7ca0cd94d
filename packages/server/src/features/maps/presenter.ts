/** Maps as the API presents them. */
import { type MapRecord, mapImageUrl } from '@sightline/shared';
import type { MapRow } from '../../db/rows.js';

export function presentMap(row: MapRow): MapRecord {
  return {
    _id: row.id,
    name: row.name,
    image: row.image ? mapImageUrl(row.id) : '',
    site: row.siteId,
    topLeft: [row.topLeftX, row.topLeftY],
    botRight: [row.botRightX, row.botRightY],
  };
}
