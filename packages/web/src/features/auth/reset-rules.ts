/** The checks of the password-reset pages (texts from MSG), pure so they are unit-tested. */
import { fieldProblems, MSG, PasswordResetRequestQuery } from '@sightline/shared';

/** The shared request schema's text (the server refuses the same email with it). */
export const resetEmailProblem = (email: string): string | undefined =>
  fieldProblems(PasswordResetRequestQuery, { email }).email;

/** Empty → 'Please enter a valid password'; mismatch or weak → 'Passwords must match'. */
export function newPasswordProblem(password: string, verify: string, strong: boolean): string | undefined {
  if (!password) return MSG.enterValidPassword;
  if (password !== verify || !strong) return MSG.passwordsMustMatch;
  return undefined;
}
