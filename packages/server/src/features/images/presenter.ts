/**
 * Images (photos) as the API presents them: the catalogue's lists and details, uploads' answers
 * and the CSV export. A photo names its categories, so `presentImages` looks their names up for a
 * whole page in one query.
 */
import type { Image } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import type { ImageRow } from '../../db/rows.js';
import { categoryNames } from './repository.js';

/** `names`: category id → name; a category not in it (deleted meanwhile) is left out. */
export function presentImage(row: ImageRow, names: ReadonlyMap<string, string>): Image {
  return {
    _id: row.id,
    id: row.id,
    site: row.siteId,
    timestamp: row.timestamp.toISOString(),
    timeCreated: row.timeCreated.toISOString(),
    uploader: row.uploader,
    location: { type: 'Point', coordinates: [row.longitude, row.latitude] },
    annotation: row.annotation,
    tags: row.tags,
    categories: row.categories.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    fileName: row.fileName,
    sha256: row.sha256,
    cloud_photos: { bytes: row.bytes, sizeX: row.sizeX, sizeY: row.sizeY, format: row.format },
    exif_data: { orientation: { value: row.orientation }, make: row.make, model: row.model },
  };
}

/** Rows as API objects, with their category names looked up in one query. */
export async function presentImages(db: Tx, orgId: string, rows: ImageRow[]): Promise<Image[]> {
  const names = await categoryNames(db, orgId, [...new Set(rows.flatMap((r) => r.categories))]);
  return rows.map((r) => presentImage(r, names));
}
