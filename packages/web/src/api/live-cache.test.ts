import { describe, expect, it } from 'vitest';
import { compareSortValues, listEffect } from './live-cache';

const rule = { fields: ['class', 'zone'], ignored: ['site'] };
const row = (id: string, lastZoneTime: string | null, zone = 'z1') => ({
  _id: id,
  lastZoneTime,
  zone,
  class: 'item',
});
const page = [row('a', '2024-05-03'), row('b', '2024-05-02'), row('c', '2024-05-01')];
const query = { site: 's', class: 'item', sort: '-lastZoneTime', page: 0, limit: 3 };

describe('listEffect', () => {
  it('patches a record that stays in its place', () => {
    expect(listEffect(query, page, 'b', { ...row('b', '2024-05-02'), xycoordinates: [0.1, 0.2] }, rule)).toBe(
      'patch',
    );
  });
  it('refetches when the sort value of a record on the page changes', () => {
    expect(listEffect(query, page, 'c', row('c', '2024-05-04'), rule)).toBe('refetch');
  });
  it('refetches when a record on the page leaves a filter', () => {
    expect(listEffect(query, page, 'a', { ...row('a', '2024-05-03'), class: 'worker' }, rule)).toBe(
      'refetch',
    );
  });
  it('refetches for a record that sorts into the page, not for one that sorts after a full page', () => {
    expect(listEffect(query, page, 'd', row('d', '2024-05-05'), rule)).toBe('refetch');
    expect(listEffect(query, page, 'd', row('d', '2024-04-01'), rule)).toBe('none');
    expect(listEffect({ ...query, limit: 10 }, page, 'd', row('d', '2024-04-01'), rule)).toBe('refetch');
    expect(listEffect(query, page, 'd', row('d', null), rule)).toBe('none');
  });
  it('ignores a record that fails a filter it can check', () => {
    expect(listEffect(query, page, 'd', { ...row('d', '2024-05-05'), class: 'worker' }, rule)).toBe('none');
  });
  it('refetches an unsorted list a filtered record may have entered, not an unfiltered one', () => {
    expect(listEffect({ zone: 'z1' }, page, 'd', row('d', null), rule)).toBe('refetch');
    expect(listEffect({}, page, 'd', row('d', null), rule)).toBe('none');
  });
});

describe('compareSortValues', () => {
  it('puts nulls last and compares the rest', () => {
    expect(compareSortValues(null, 'a')).toBeGreaterThan(0);
    expect(compareSortValues('a', null)).toBeLessThan(0);
    expect(compareSortValues(null, 'a', true)).toBeGreaterThan(0);
    expect(compareSortValues(2, 10)).toBeLessThan(0);
    expect(compareSortValues(2, 10, true)).toBeGreaterThan(0);
    expect(compareSortValues('Pump', 'pump')).toBe(0);
  });
});
