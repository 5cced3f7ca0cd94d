import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { attachmentName } from './download';
import { allTags } from './ThingCells';
import { newThing, thingBody, withoutParent, withParent } from './thing-form';
import { thingWords } from './thing-labels';

describe('display helpers', () => {
  it('lists every tag once, tag1 and tag2 first', () => {
    expect(allTags({ tag1: 'A1', tag2: '', tags: ['B2', 'A1'] })).toEqual(['A1', 'B2']);
  });
  it('reads the download name from content-disposition', () => {
    expect(attachmentName('attachment; filename="items-2026.xlsx"', 'x.xlsx')).toBe('items-2026.xlsx');
    expect(attachmentName(null, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('thing body', () => {
  it('sends the common fields only, with the given parents and photos', () => {
    const thing = { ...newThing('worker', 'site1'), name: '  Ann ', zone: 'z1', parents: ['old'] };
    const body = thingBody(thing, { parents: ['p1'], photo: ['i1'] });
    expect(body).toEqual({
      name: 'Ann',
      description: '',
      serial: '',
      class: 'worker',
      tag1: '',
      tag2: '',
      tags: [],
      categories: [],
      labels: [],
      parents: ['p1'],
      photo: ['i1'],
      site: 'site1',
    });
    expect(body).not.toHaveProperty('zone');
  });
  it('adds a parent once and removes it', () => {
    expect(withParent(['a'], 'b')).toEqual(['a', 'b']);
    expect(withParent(['a', 'b'], 'b')).toEqual(['a', 'b']);
    expect(withoutParent(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('thing words', () => {
  it('follows the site labels and access resources', () => {
    const settings = { ...DEFAULT_SITE_SETTINGS, itemLabel: 'Assets' };
    expect(thingWords('item', settings)).toEqual({
      title: 'Assets',
      noun: 'item',
      path: 'items',
      resource: 'things',
    });
    expect(thingWords('worker', settings)).toMatchObject({ title: 'Workers', resource: 'workers' });
  });
});
