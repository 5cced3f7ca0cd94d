import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { attachmentName } from './download';
import { allTags } from './ThingCells';
import { newThing, thingBody, withoutParent, withParent } from './thing-form';
import { className, thingWords } from './thing-labels';

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
      noun: 'asset',
      path: 'items',
      resource: 'things',
    });
    expect(thingWords('worker', settings)).toMatchObject({ title: 'Workers', resource: 'workers' });
  });
  it('makes the singular of a renamed label for buttons, dialogs and titles', () => {
    const words = (itemLabel: string) => thingWords('item', { ...DEFAULT_SITE_SETTINGS, itemLabel }).noun;
    expect(words('Assets')).toBe('asset');
    expect(words('People')).toBe('person');
    expect(words('Equipment')).toBe('equipment');
    expect(words('RFID Tags')).toBe('RFID tag');
    expect(words('')).toBe('item');
    expect(thingWords('worker', { ...DEFAULT_SITE_SETTINGS, workerLabel: 'Staff' }).noun).toBe('staff');
  });
  it("names a row's class by the site label", () => {
    const settings = { ...DEFAULT_SITE_SETTINGS, itemLabel: 'Assets', workerLabel: 'Crew Members' };
    expect(className('item', settings)).toBe('Asset');
    expect(className('worker', settings)).toBe('Crew Member');
    expect(className('item', DEFAULT_SITE_SETTINGS)).toBe('Item');
  });
});
