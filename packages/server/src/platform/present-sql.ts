/**
 * A field table (@sightline/shared `presenter.ts`) as SQL: PostgreSQL writes the entity's API JSON
 * text, the same bytes as `presentFields` written by the route's response serializer (keys in the
 * table's order; a byte-equality test per projection holds the two together).
 * `row_to_json` writes compact JSON (json_build_object and jsonb's text put spaces after colons).
 * Times are truncated to milliseconds as `Date` does. Numbers are written as PostgreSQL writes
 * them: a float8 in the shortest text that reads back as the same double, as JavaScript does, but
 * with a two-digit exponent below 1e-4 (`1e-05` for JavaScript's `0.00001`); `+ 0` turns -0 into 0.
 * Sighting data's `cFloat0` is the stored JSON number's text (JavaScript wrote it).
 */
import type { Field, FieldTable } from '@sightline/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const isoTime = (column: AnyColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A constant of the code (never input) as an SQL string literal. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

function expression(field: Field, column: (name: string) => AnyColumn): SQL {
  switch (field.kind) {
    case 'plain': {
      const c = column(field.from);
      // jsonb would be written with spaces, a float8 -0 as -0: neither as JavaScript writes them.
      if (c.dataType === 'json' || c.columnType === 'PgDoublePrecision') {
        throw new Error(`no byte-equal SQL for plain ${c.columnType} column ${c.name}`);
      }
      return sql`${c}`;
    }
    case 'textOrEmpty':
      return sql`coalesce(${column(field.from)}, '')`;
    case 'time':
      return isoTime(column(field.from));
    case 'oneOf': {
      const c = column(field.from);
      const values = sql.join(field.values.map(literal), sql`, `);
      return sql`CASE WHEN ${c} IN (${values}) THEN ${c} ELSE ${literal(field.fallback)} END`;
    }
    case 'point': {
      const x = column(field.from[0]);
      const y = column(field.from[1]);
      return sql`CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE ARRAY[${x} + 0, ${y} + 0] END`;
    }
    case 'sightingData': {
      const c = column(field.from);
      return sql`(CASE WHEN jsonb_typeof(${c} -> 'cFloat0') = 'number'
        THEN '{"cFloat0":' || (${c} -> 'cFloat0')::text || '}' ELSE '{}' END)::json`;
    }
  }
}

/** The API JSON text of each row, as a scalar subquery over `columns` (a table's, by field name). */
export function jsonSql<Api>(table: FieldTable<Api>, columns: Record<string, AnyColumn>): SQL<string> {
  const column = (name: string) => {
    const c = columns[name];
    if (!c) throw new Error(`field table reads unknown column ${name}`);
    return c;
  };
  const selected = Object.entries<Field>(table).map(
    ([key, field]) => sql`${expression(field, column)} AS ${sql.identifier(key)}`,
  );
  return sql<string>`(SELECT row_to_json(api)::text FROM (SELECT ${sql.join(selected, sql`, `)}) api)`;
}
