import { MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { resetPasswordProblem } from './reset-password';

describe('reset password dialog rules', () => {
  it('gives the fixed messages in order', () => {
    expect(resetPasswordProblem('', '')).toBe(MSG.enterValidPassword);
    expect(resetPasswordProblem('Correct-Horse-Battery-9', 'other')).toBe(MSG.passwordsNotSame);
    expect(resetPasswordProblem('password', 'password')).toBe(MSG.passwordTooWeak);
    expect(resetPasswordProblem('Correct-Horse-Battery-9', 'Correct-Horse-Battery-9')).toBeUndefined();
  });
});
