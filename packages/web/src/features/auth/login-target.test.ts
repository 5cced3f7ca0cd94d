import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './login-target';

describe('after login', () => {
  it('returns to the referer', () => {
    expect(afterLoginPath('/users?page=0&site=abc')).toBe('/users?page=0&site=abc');
  });
  it('goes to items without a usable referer', () => {
    expect(afterLoginPath(null)).toBe('/items');
    expect(afterLoginPath('/login?referer=/x')).toBe('/items');
    expect(afterLoginPath('https://evil.example/')).toBe('/items');
    expect(afterLoginPath('//evil.example/')).toBe('/items');
  });
});
