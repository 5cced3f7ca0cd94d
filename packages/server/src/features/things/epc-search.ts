/**
 * A things search for an EPC identity: a pure identity or raw URI, a Digital Link or a GTIN
 * matches the things whose tags (tag1, tag2, tags) carry it, whatever the filter value and
 * binary size the tag was written with (packages/shared/src/epc.ts finds what to look for).
 */
import { type EpcSearch, epcSearch } from '@sightline/shared';
import { or, type SQL, sql } from 'drizzle-orm';
import { things } from '../../db/schema.js';

/** The first 16 hex digits (64 bits) of an SGTIN-96 or -198: header 30 or 36, then hex. */
const SGTIN_HEAD = '^3[06][0-9A-Fa-f]{14}';

/** A tag column's (or element's) test. */
function tagTest(tag: SQL, search: EpcSearch): SQL {
  const tests: SQL[] = [];
  if (search.hexes.length) {
    tests.push(
      sql`upper(${tag}) IN (${sql.join(
        search.hexes.map((h) => sql`${h}`),
        sql`, `,
      )})`,
    );
  }
  if (search.gtinBits.length) {
    // Bits 11 to 57 are partition, company prefix and item reference. CASE: the cast runs only on
    // a tag the pattern has shown to be hex (AND may test its sides in either order).
    const bits = sql.join(
      search.gtinBits.map((b) => sql`${b}`),
      sql`, `,
    );
    tests.push(
      sql`CASE WHEN ${tag} ~ ${SGTIN_HEAD} THEN substring(('x' || left(${tag}, 16))::bit(64) from 12 for 47)::text IN (${bits}) ELSE false END`,
    );
  }
  return sql`(${sql.join(tests, sql` OR `)})`;
}

/** The things whose tags carry the identity a term names; undefined when the term names none. */
export function epcTagMatch(term: string | undefined): SQL | undefined {
  const search = term?.trim() ? epcSearch(term) : undefined;
  if (!search) return undefined;
  return or(
    tagTest(sql`${things.tag1}`, search),
    tagTest(sql`${things.tag2}`, search),
    sql`EXISTS (SELECT 1 FROM unnest(${things.tags}) AS t(tag) WHERE ${tagTest(sql`t.tag`, search)})`,
  );
}
