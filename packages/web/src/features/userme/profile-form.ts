/**
 * The profile form's values, rules and body. The current password is asked for whenever the
 * email (the sign-in address, where reset links go) or the password changes; the server checks it.
 */
import { isStrongPassword, MSG, type ProfileInput, USER_MSG } from '@sightline/shared';

export type ProfileForm = {
  name: string;
  username: string;
  /** The email as loaded: a different `username` is a change of sign-in address. */
  savedUsername: string;
  roles: string[];
  currentPassword: string;
  password: string;
  verify: string;
};

export const profileDefaults: ProfileForm = {
  name: '',
  username: '',
  savedUsername: '',
  roles: [],
  currentPassword: '',
  password: '',
  verify: '',
};

/** The loaded user as form values; the password fields always start empty. */
export function profileFromRecord(record: Partial<ProfileForm>): ProfileForm {
  return {
    ...profileDefaults,
    ...record,
    savedUsername: record.username ?? '',
    currentPassword: '',
    password: '',
    verify: '',
  };
}

const emailChanged = (values: ProfileForm) => values.username.trim() !== values.savedUsername;

export const needsCurrentPassword = (values: ProfileForm) => Boolean(values.password) || emailChanged(values);

export const currentPasswordRule = (value: unknown, values: ProfileForm) =>
  needsCurrentPassword(values) && !value ? USER_MSG.currentPasswordRequired : undefined;

/** A new password must be valid and match its second entry, else 'Passwords must match'. */
export const verifyRule = (value: unknown, values: ProfileForm) =>
  values.password && (value !== values.password || !isStrongPassword(values.password, [values.username]))
    ? MSG.passwordsMustMatch
    : undefined;

export function profileBody(values: ProfileForm): ProfileInput {
  return {
    name: values.name.trim(),
    username: values.username.trim(),
    ...(values.password ? { password: values.password } : {}),
    ...(needsCurrentPassword(values) ? { currentPassword: values.currentPassword } : {}),
  };
}
