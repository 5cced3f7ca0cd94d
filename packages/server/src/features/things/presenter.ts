/**
 * Things as the API presents them: `presentThing` (REST, exports, the things API's live messages)
 * and `presentThingState` (the tracking engine's live messages) read one field table
 * (@sightline/shared `thing-presenter.ts`, where the tracking layer can import it too), and the
 * things list's JSON text is written by PostgreSQL from that same table (thing-json.test.ts holds
 * it byte-equal to `presentThing`).
 */
import { THING_FIELDS } from '@sightline/shared';
import { getTableColumns } from 'drizzle-orm';
import { things } from '../../db/schema.js';
import { jsonSql } from '../../platform/present-sql.js';

export { presentThing } from '@sightline/shared';

/**
 * A thing as its API JSON text, built by PostgreSQL. The things list answers with these texts
 * joined, so a page of 1,000 costs the server no row parsing, mapping, checking or stringifying
 * (most of its time, measured: docs/decisions/0017-things-list-json-from-postgresql.md).
 */
export const thingJson = jsonSql(THING_FIELDS, getTableColumns(things));
