import { describe, expect, it } from 'vitest';
import { mergeAntennaStates } from './service.js';

describe('antenna states', () => {
  it('replaces the reported ports, keeps the others, and names what changed', () => {
    const stored = [
      { antenna: 1, state: 'connected' as const },
      { antenna: 3, state: 'connected' as const },
    ];
    expect(
      mergeAntennaStates(stored, [
        { antenna: 3, state: 'disconnected' },
        { antenna: 2, state: 'connected' },
        { antenna: 1, state: 'connected' },
      ]),
    ).toEqual({
      states: [
        { antenna: 1, state: 'connected' },
        { antenna: 2, state: 'connected' },
        { antenna: 3, state: 'disconnected' },
      ],
      changes: [
        { antenna: 3, from: 'connected', to: 'disconnected' },
        { antenna: 2, from: null, to: 'connected' },
      ],
    });
  });

  it('changes nothing when nothing is reported', () => {
    const stored = [{ antenna: 4, state: 'disconnected' as const }];
    expect(mergeAntennaStates(stored, [])).toEqual({ states: stored, changes: [] });
  });
});
