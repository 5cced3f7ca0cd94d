import { describe, expect, it } from 'vitest';
import { diffLines } from './audit-text';

describe('the audit row’s before/after lines', () => {
  it('reads an update’s pairs, a create’s record and a delete’s record', () => {
    expect(
      diffLines({ action: 'update', changes: { name: ['A', 'B'], gates: [[], [{ antenna: 1 }]] } }),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'gates', before: '[]', after: '[{"antenna":1}]' },
    ]);
    expect(diffLines({ action: 'create', changes: { name: 'A', description: '' } })).toEqual([
      { field: 'name', before: '—', after: 'A' },
      { field: 'description', before: '—', after: '—' },
    ]);
    expect(diffLines({ action: 'delete', changes: { name: 'A' } })).toEqual([
      { field: 'name', before: 'A', after: '—' },
    ]);
    expect(diffLines({ action: 'login', changes: null })).toEqual([]);
  });

  it('reads an acknowledgement’s alert and its state and note pairs', () => {
    expect(
      diffLines({
        action: 'acknowledge',
        changes: {
          alert: 'Zone time alert for Pallet 1 in Dock',
          state: ['open', 'acknowledged'],
          acknowledgementNote: [null, 'on my way'],
        },
      }),
    ).toEqual([
      { field: 'alert', before: '—', after: 'Zone time alert for Pallet 1 in Dock' },
      { field: 'state', before: 'open', after: 'acknowledged' },
      { field: 'acknowledgementNote', before: '—', after: 'on my way' },
    ]);
  });
});
