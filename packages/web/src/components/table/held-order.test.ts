import { describe, expect, it } from 'vitest';
import { heldRows, holdKeyOf, movedCount } from './held-order';

const row = (id: string, zone = 'Dock') => ({ id, zone });
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('heldRows', () => {
  it('keeps the shown order with the latest values, and counts the rows waiting', () => {
    const latest = [row('c', 'Store'), row('a'), row('b')];
    const kept = heldRows(latest, (r) => r.id, ['a', 'b', 'c']);
    expect(ids(kept.rows)).toEqual(['a', 'b', 'c']);
    expect(kept.rows[2]).toEqual(row('c', 'Store'));
    expect(kept.pending).toBe(1);
  });
  it('holds new rows back and drops deleted ones at once', () => {
    const kept = heldRows([row('d'), row('a'), row('c')], (r) => r.id, ['a', 'b', 'c']);
    expect(ids(kept.rows)).toEqual(['a', 'c']);
    expect(kept.pending).toBe(1);
  });
  it('has nothing waiting when the order did not change', () => {
    expect(heldRows([row('a'), row('b')], (r) => r.id, ['a', 'b']).pending).toBe(0);
  });
});

describe('movedCount', () => {
  it('counts a row that jumped once, not the rows it pushed down', () => {
    expect(movedCount(['e', 'a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd', 'e'])).toBe(1);
  });
  it('counts every new row and each row out of place', () => {
    expect(movedCount(['x', 'y', 'b', 'a'], ['a', 'b'])).toBe(3);
    expect(movedCount(['c', 'b', 'a'], ['a', 'b', 'c'])).toBe(2);
  });
});

describe('holdKeyOf', () => {
  it('differs while a placeholder is shown', () => {
    expect(holdKeyOf({ sort: 'name' }, true)).not.toBe(holdKeyOf({ sort: 'name' }, false));
  });
});
