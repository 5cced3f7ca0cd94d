import { describe, expect, it } from 'vitest';
import { showsMfa } from './mfa.js';

describe('showsMfa', () => {
  it('is true for mfa, or methods of two kinds', () => {
    expect(showsMfa(['pwd', 'mfa'])).toBe(true);
    expect(showsMfa(['pwd', 'otp'])).toBe(true);
    expect(showsMfa(['hwk', 'fpt'])).toBe(true);
  });
  it('is false for one factor, however many methods of its kind, and for no amr', () => {
    expect(showsMfa(['pwd'])).toBe(false);
    expect(showsMfa(['pwd', 'pin', 'kba'])).toBe(false);
    expect(showsMfa(['otp', 'sms'])).toBe(false);
    expect(showsMfa(undefined)).toBe(false);
    expect(showsMfa('mfa')).toBe(false);
    expect(showsMfa([1, {}, null])).toBe(false);
  });
});
