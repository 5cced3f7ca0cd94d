import { IMPORT_MSG, ImportPreviewRequest, ImportRowsRequest } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  actionLabels,
  batches,
  choiceFrom,
  guessField,
  importProblem,
  importRequest,
  uploadingStatus,
} from './import-form';

describe('import form', () => {
  it('guesses the mapping of obvious headers when no mapping is saved', () => {
    const sheet = ['Asset Name', 'Serial No', 'Tag', 'EPC', 'Category', 'Colour'];
    expect(choiceFrom(sheet, undefined)).toEqual({
      'Asset Name': 'name',
      'Serial No': 'serial',
      Tag: 'tags1',
      EPC: 'tags2',
      Category: 'categories',
      Colour: '',
    });
    expect(guessField('serial_number')).toBe('serial');
    expect(guessField('RFID Tag')).toBe('tags1');
    expect(guessField('Description ')).toBe('description');
    expect(guessField('Location')).toBe('');
  });

  it('maps each field once: a third tag column and a second name stay unmapped', () => {
    expect(choiceFrom(['Name', 'Asset', 'Tag 1', 'Tag 2', 'EPC'], {})).toEqual({
      Name: 'name',
      Asset: '',
      'Tag 1': 'tags1',
      'Tag 2': 'tags2',
      EPC: '',
    });
  });

  const headers = ['Asset', 'EPC', 'Notes'];
  it('turns the choices into a request the server accepts', () => {
    const choice = choiceFrom(headers, { Asset: 'name', EPC: 'tags1', Gone: 'serial', Notes: 'owner' });
    expect(choice).toEqual({ Asset: 'name', EPC: 'tags1', Notes: '' });
    const rows = [{ line: 2, cells: ['Pump', 'A1'] }];
    const req = importRequest(headers, choice, rows, '');
    expect(ImportPreviewRequest.parse(req)).toEqual({
      headers,
      mapping: { Asset: 'name', EPC: 'tags1' },
      rows,
      zone: null,
    });
    expect(ImportRowsRequest.safeParse(req).success).toBe(true);
  });

  it('says the fixed IMPORT_MSG texts before anything is sent', () => {
    expect(importProblem({ Asset: '' }, '', false)).toBe(IMPORT_MSG.mapHeaders);
    expect(importProblem({ Asset: 'name' }, '', true)).toBe(IMPORT_MSG.zoneRequired);
    expect(importProblem({ Asset: 'name' }, 'z', true)).toBeUndefined();
    expect(ImportPreviewRequest.safeParse(importRequest(headers, { Asset: '' }, [], '')).success).toBe(false);
  });

  it('cuts batches and shows duplicate detected for rows found as duplicates', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const plan = {
      line: 2,
      name: '',
      tags: [],
      thing: null,
      sameAsLine: null,
      newCategories: [],
      message: '',
    };
    expect(uploadingStatus({ ...plan, action: 'update' })).toBe('duplicate detected');
    expect(uploadingStatus({ ...plan, action: 'new' })).toBe('uploading');
  });
});

describe('row actions', () => {
  it("name a row's thing with the site's word for items", () => {
    expect(actionLabels('asset')).toMatchObject({ new: 'New asset', update: 'Update existing asset' });
    expect(actionLabels('item').new).toBe('New item');
  });
});
