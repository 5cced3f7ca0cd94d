import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOf, plain, presentFields } from './presenter.js';

describe('field tables', () => {
  const Shape = z.object({
    _id: z.string(),
    label: z.string(),
    at: z.string().nullable(),
    spot: z.unknown(),
  });

  it('reads every schema key under its own name unless renamed, in the schema order', () => {
    const table = fieldsOf(Shape, {
      _id: plain('id'),
      at: { kind: 'time', from: 'time' },
      spot: { kind: 'point', from: ['x', 'y'] },
    });
    expect(Object.keys(table)).toEqual(['_id', 'label', 'at', 'spot']);
    expect(table.label).toEqual(plain('label'));
    const row = { id: 'a', label: 'L', time: Date.UTC(2024, 0, 2, 3, 4, 5, 6), x: 0.5, y: 0 };
    expect(JSON.stringify(presentFields(table, row))).toBe(
      '{"_id":"a","label":"L","at":"2024-01-02T03:04:05.006Z","spot":[0.5,0]}',
    );
    expect(presentFields(table, { ...row, time: null, y: null })).toMatchObject({ at: null, spot: null });
  });

  it('reads a Date or epoch ms alike, and the other kinds as the API defines them', () => {
    const table = {
      t: { kind: 'time', from: 't' },
      e: { kind: 'textOrEmpty', from: 'e' },
      c: { kind: 'oneOf', from: 'c', values: ['item', 'worker'], fallback: 'item' },
      d: { kind: 'sightingData', from: 'd' },
    } as const;
    const ms = Date.UTC(2024, 0, 1);
    expect(presentFields(table, { t: new Date(ms), e: null, c: 'visitor', d: { cFloat0: 2, x: 1 } })).toEqual(
      {
        t: '2024-01-01T00:00:00.000Z',
        e: '',
        c: 'item',
        d: { cFloat0: 2 },
      },
    );
    expect(presentFields(table, { t: ms, e: 'E', c: 'worker', d: null })).toEqual({
      t: '2024-01-01T00:00:00.000Z',
      e: 'E',
      c: 'worker',
      d: {},
    });
  });
});
