/**
 * Live lists that hold still: while the pointer or keyboard focus is in a table (a focused row is
 * the selected one), and always on a phone's list, its rows keep the order they are shown in; the
 * values in them still update.
 * Rows that are new, or that the latest data puts elsewhere, wait behind a banner ("N updated —
 * show") until it is clicked or the pointer and focus leave. Rows gone from the data (deleted) go at
 * once: they no longer exist, and a delete is most often the user's own.
 *
 * The order held belongs to one query (`key`: sort, page, filters): a new query (the user sorted,
 * paged or searched) shows its rows as they come. Pass a key that changes while a placeholder
 * (the previous query's rows) is shown, so the new query's first rows are not held in the old order.
 */
import { useCallback, useRef, useState } from 'react';
import type { Query } from '../../api/client';

/** The `key` of a list that holds still: its API query, marked while a placeholder is shown. */
export const holdKeyOf = (query: Query, placeholder: boolean) =>
  `${JSON.stringify(query)}${placeholder ? ':placeholder' : ''}`;

/** The shown order kept against the latest one: what is shown and how many rows wait. */
export function heldRows<T>(
  latest: readonly T[],
  rowId: (row: T) => string,
  held: readonly string[],
): { rows: T[]; pending: number } {
  const byId = new Map(latest.map((row) => [rowId(row), row]));
  const rows: T[] = [];
  for (const id of held) {
    const row = byId.get(id);
    if (row !== undefined) rows.push(row);
  }
  return { rows, pending: movedCount(latest.map(rowId), held) };
}

/**
 * Rows of `latest` that are new or out of place against `shown`: all but the longest run of rows
 * already in the same relative order (a row that jumps to the top counts once, not the rows it
 * pushed down).
 */
export function movedCount(latest: readonly string[], shown: readonly string[]): number {
  const position = new Map(shown.map((id, i) => [id, i]));
  // Longest increasing subsequence of the shown positions, in the latest order.
  const tails: number[] = [];
  for (const id of latest) {
    const p = position.get(id);
    if (p === undefined) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tails[mid] as number) < p) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = p;
  }
  return latest.length - tails.length;
}

export interface HeldOrder<T> {
  rows: T[] | undefined;
  /** Rows waiting for "show". */
  pending: number;
  /** Shows the latest order now. */
  show: () => void;
  /** Spread on the element around the table and its banner. */
  holdProps: {
    onPointerEnter: () => void;
    onPointerLeave: () => void;
    onFocus: () => void;
    onBlur: (e: { currentTarget: Element; relatedTarget: EventTarget | null }) => void;
  };
}

/**
 * `always`: the order holds whether or not the pointer or focus is in the list (a phone: a finger
 * gives no warning before it lands, so the rows in view stay put until "show").
 */
export function useHeldOrder<T>(
  rows: T[] | undefined,
  rowId: (row: T) => string,
  key: string | undefined,
  always = false,
): HeldOrder<T> {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const [, setShown] = useState(0);
  const order = useRef<{ key: string; ids: string[] } | undefined>(undefined);
  const latest = useRef<string[]>([]);
  latest.current = rows?.map(rowId) ?? [];

  const show = useCallback(() => {
    if (order.current) order.current = { ...order.current, ids: latest.current };
    setShown((n) => n + 1);
  }, []);
  const holdProps = {
    onPointerEnter: useCallback(() => setPointer(true), []),
    onPointerLeave: useCallback(() => setPointer(false), []),
    onFocus: useCallback(() => setFocus(true), []),
    onBlur: useCallback((e: { currentTarget: Element; relatedTarget: EventTarget | null }) => {
      if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocus(false);
    }, []),
  };

  const held = always || pointer || focus;
  if (key === undefined || rows === undefined || !held || order.current?.key !== key) {
    // Not holding: what is shown is the latest order, and is what a hold starts from.
    if (key !== undefined && rows !== undefined) order.current = { key, ids: latest.current };
    return { rows, pending: 0, show, holdProps };
  }
  const kept = heldRows(rows, rowId, order.current.ids);
  return { ...kept, show, holdProps };
}
