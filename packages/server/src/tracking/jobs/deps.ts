/** What the scheduled tracking jobs need: the database and the outlets of a committed change. */
import type { Db } from '../../db/client.js';
import type { Outlets } from '../store/index.js';

export interface JobDeps extends Outlets {
  db: Db;
}
