import { describe, expect, it } from 'vitest';
import { totalText } from './client';

describe('totalText', () => {
  it('shows a capped total as "10,000+" and others as before', () => {
    expect(totalText(10_000, true)).toBe('10,000+');
    expect(totalText(10_000, false)).toBe('10000');
    expect(totalText(3)).toBe('3');
  });
});
