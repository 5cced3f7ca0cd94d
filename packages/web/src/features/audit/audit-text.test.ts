import { describe, expect, it } from 'vitest';
import { actorLabel, diffLines, recordLabel, resourceLabel } from './audit-text';

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

describe('what the Audit Log shows a person for a row’s resource and record', () => {
  const actor = { type: 'user' as const, id: 'u1', name: 'Morgan Manager' };
  it('names resources in words, and keeps an unknown key as stored', () => {
    expect(resourceLabel('exceptions')).toBe('Alerts');
    expect(resourceLabel('orgsettings')).toBe('Organization settings');
    expect(resourceLabel('workers')).toBe('Workers');
    expect(resourceLabel('gizmos')).toBe('gizmos');
  });
  it('names the record by its name, the actor of a sign-in, else its id', () => {
    expect(recordLabel({ resourceId: 'z1', actor, changes: { name: 'Dock' } })).toBe('Dock');
    expect(recordLabel({ resourceId: 'z1', actor, changes: { name: ['Dock', 'Dock 2'] } })).toBe('Dock 2');
    expect(recordLabel({ resourceId: 'u1', actor, changes: null })).toBe('Morgan Manager');
    expect(recordLabel({ resourceId: 'z1', actor, changes: { duration: [1, 2] } })).toBe('z1');
    expect(recordLabel({ resourceId: null, actor, changes: null })).toBe('—');
  });
});

describe('who acted, in the row’s dialog', () => {
  it('names a user alone and says what any other actor is', () => {
    expect(actorLabel({ type: 'user', id: 'u1', name: 'Administrator' })).toBe('Administrator');
    expect(actorLabel({ type: 'apikey', id: 'k1', name: 'Dock scanner' })).toBe('Dock scanner (API key)');
    expect(actorLabel({ type: 'reader', id: 'e1', name: 'Gate 1' })).toBe('Gate 1 (reader)');
    expect(actorLabel({ type: 'system', id: null, name: 'Sightline' })).toBe('Sightline');
  });
});
