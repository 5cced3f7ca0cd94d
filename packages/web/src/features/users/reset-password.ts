import { isStrongPassword, MSG } from '@sightline/shared';

/**
 * The user editor's Reset Password rules, checked in this order: empty, not the same, too weak.
 * Each has its fixed MSG text.
 */
export function resetPasswordProblem(password: string, verify: string, userInputs: string[] = []) {
  if (!password) return MSG.enterValidPassword;
  if (password !== verify) return MSG.passwordsNotSame;
  if (!isStrongPassword(password, userInputs)) return MSG.passwordTooWeak;
  return undefined;
}
