import { describe, expect, it } from 'vitest';
import * as locks from './locks.js';

describe('advisory locks', () => {
  it('gives every one-key lock and every two-key namespace its own number', () => {
    const numbers = Object.entries(locks).filter(([, v]) => typeof v === 'number');
    expect(numbers.length).toBeGreaterThanOrEqual(10);
    expect(new Set(numbers.map(([, v]) => v)).size).toBe(numbers.length);
  });

  it('keeps the presence lock out of the partition locks’ namespace (a hashed key could be 1)', () => {
    expect(locks.PRESENCE_LOCK[0]).not.toBe(locks.PARTITION_LOCK_SPACE);
    expect(locks.PRESENCE_LOCK[0]).not.toBe(locks.ORGANIZATION_LOCK_SPACE);
  });

  it('builds one tag lock text for the editors, the import and the tracking store', () => {
    expect(locks.tagLockText('o1', 'ABC')).toBe('tag:o1:ABC');
    expect(locks.tagGenerationLockText('o1')).toBe('gen:o1');
  });
});
