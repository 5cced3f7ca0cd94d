import { MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem, resetEmailProblem } from './reset-rules';

describe('password reset rules', () => {
  it('checks the email', () => {
    expect(resetEmailProblem('')).toBe(MSG.enterValidEmail);
    expect(resetEmailProblem('not-an-email')).toBe(MSG.invalidEmail);
    expect(resetEmailProblem(' a@b.co ')).toBeUndefined();
  });
  it('checks the new password', () => {
    expect(newPasswordProblem('', '', false)).toBe(MSG.enterValidPassword);
    expect(newPasswordProblem('abc', 'abd', true)).toBe(MSG.passwordsMustMatch);
    expect(newPasswordProblem('abc', 'abc', false)).toBe(MSG.passwordsMustMatch);
    expect(newPasswordProblem('abc', 'abc', true)).toBeUndefined();
  });
});
