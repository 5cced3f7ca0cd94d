/**
 * A things search for an EPC identity: a pure identity or raw URI, a Digital Link or a GTIN
 * matches the things whose tags (tag1, tag2, tags) carry it, whatever the filter value and
 * binary size the tag was written with (packages/shared/src/epc.ts finds what to look for).
 * The EPCIS query matches an event's tag the same way (`tagMatches`).
 */
import { type EpcSearch, epcSearch } from '@sightline/shared';
import { or, type SQL, sql } from 'drizzle-orm';
import { things } from '../../db/schema.js';

/** The first 16 hex digits (64 bits) of an SGTIN-96 or -198: header 30 or 36, then hex. */
const SGTIN_HEAD = '^3[06][0-9A-Fa-f]{14}';

/** A tag column's (or element's) test; false when the search names nothing. */
export function tagMatches(tag: SQL, search: EpcSearch): SQL {
  const tests: SQL[] = [];
  if (search.hexes.length) {
    tests.push(
      sql`upper(${tag}) IN (${sql.join(
        search.hexes.map((h) => sql`${h}`),
        sql`, `,
      )})`,
    );
  }
  for (const prefix of new Set(search.sgtinPrefixes)) {
    // Bits from 11 on are partition, company prefix and item reference. CASE: the cast runs only
    // on a tag the pattern has shown to be hex (AND may test its sides in either order).
    tests.push(
      prefix === ''
        ? sql`(${tag} ~ ${SGTIN_HEAD})`
        : sql`CASE WHEN ${tag} ~ ${SGTIN_HEAD} THEN substring(('x' || left(${tag}, 16))::bit(64) from 12 for ${sql.raw(String(prefix.length))})::text = ${prefix} ELSE false END`,
    );
  }
  return tests.length ? sql`(${sql.join(tests, sql` OR `)})` : sql`false`;
}

/** The things whose tags carry the identity a term names; undefined when the term names none. */
export function epcTagMatch(term: string | undefined): SQL | undefined {
  const search = term?.trim() ? epcSearch(term) : undefined;
  if (!search) return undefined;
  return or(
    tagMatches(sql`${things.tag1}`, search),
    tagMatches(sql`${things.tag2}`, search),
    sql`EXISTS (SELECT 1 FROM unnest(${things.tags}) AS t(tag) WHERE ${tagMatches(sql`t.tag`, search)})`,
  );
}
