/**
 * Array literals (arrays.ts) read back by the database exactly as the values were, whatever the
 * text holds, so bulk writes through `unnest` store what the JSON input stored.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../../../test/factories.js';
import { rows } from '../../db/client.js';
import { boolArray, jsonArray, numberArray, textArray, timeArray } from './arrays.js';

const app = await makeApp();
const { db } = app.ctx;

interface Item {
  text: string | null;
  num: number | null;
  flag: boolean | null;
  data: unknown;
  time: number | null;
}

const items: Item[] = [
  { text: 'plain', num: 1, flag: true, data: { cFloat0: 21.7 }, time: Date.UTC(2026, 0, 1, 12, 0, 0, 123) },
  { text: 'with "quotes", {braces}, commas', num: -61.25, flag: false, data: { s: 'a "b" \\ c' }, time: 0 },
  { text: 'back\\slash \\" and NULL', num: 1.5e-7, flag: null, data: ['x', 1, null], time: null },
  { text: '', num: Number.NaN, flag: true, data: null, time: Date.UTC(1999, 11, 31, 23, 59, 59, 999) },
  { text: 'NULL', num: Number.POSITIVE_INFINITY, flag: false, data: 'just "text"', time: 1 },
  { text: null, num: null, flag: null, data: { nested: { deep: [1, 2, { k: 'é ü ✓ \n\t' }] } }, time: 2 },
  { text: '  spaced  ', num: 9007199254740991, flag: true, data: {}, time: 3 },
];

describe('array literals', () => {
  it('round-trip text, numbers, booleans, JSON and times in order, NULLs where JSON had null', async () => {
    const back = await rows<{
      text: string | null;
      num: number | null;
      flag: boolean | null;
      data: string | null;
      ms: string | null;
    }>(
      db,
      sql`SELECT x.text, x.num, x.flag, x.data::text AS data,
            floor(extract(epoch from x.time) * 1000)::bigint::text AS ms
          FROM unnest(${textArray(items, (i) => i.text)}::text[], ${numberArray(items, (i) => i.num)}::float8[],
            ${boolArray(items, (i) => i.flag)}::boolean[], ${jsonArray(items, (i) => i.data)}::jsonb[],
            ${timeArray(items, (i) => i.time)}::timestamptz[]) WITH ORDINALITY AS x(text, num, flag, data, time, n)
          ORDER BY x.n`,
    );
    expect(back.map((r) => r.text)).toEqual(items.map((i) => i.text));
    expect(back.map((r) => (r.num === null ? null : Number(r.num)))).toEqual(
      items.map((i) => (i.num !== null && Number.isFinite(i.num) ? i.num : null)),
    );
    expect(back.map((r) => r.flag)).toEqual(items.map((i) => i.flag));
    expect(back.map((r) => (r.data === null ? null : JSON.parse(r.data)))).toEqual(items.map((i) => i.data));
    expect(back.map((r) => (r.ms === null ? null : Number(r.ms)))).toEqual(items.map((i) => i.time));
  });

  it('an empty list is an empty array', async () => {
    const [row] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM unnest(${textArray([], () => 'x')}::text[])`,
    );
    expect(row?.n).toBe(0);
  });
});
