/** The checks of the password-reset pages (texts from MSG), pure so they are unit-tested. */
import { EMAIL_PATTERN, MSG } from '@sightline/shared';

export function resetEmailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return MSG.enterValidEmail;
  if (!EMAIL_PATTERN.test(trimmed)) return MSG.invalidEmail;
  return undefined;
}

/** Empty → 'Please enter a valid password'; mismatch or weak → 'Passwords must match'. */
export function newPasswordProblem(password: string, verify: string, strong: boolean): string | undefined {
  if (!password) return MSG.enterValidPassword;
  if (password !== verify || !strong) return MSG.passwordsMustMatch;
  return undefined;
}
