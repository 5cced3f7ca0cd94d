/** Categories as the API presents them. */
import type { Category } from '@sightline/shared';
import type { CategoryRow } from '../../db/rows.js';

export function presentCategory(row: CategoryRow): Category {
  return { _id: row.id, id: row.id, name: row.name, description: row.description, hidden: row.hidden };
}
