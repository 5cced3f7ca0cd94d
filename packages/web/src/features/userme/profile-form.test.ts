import { MSG, ProfileInput, USER_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  currentPasswordRule,
  needsCurrentPassword,
  profileBody,
  profileFromRecord,
  verifyRule,
} from './profile-form';

const loaded = profileFromRecord({ name: 'Pat Profile', username: 'pat@example.com', roles: [] });
const NEW_PASSWORD = 'Brisk-Meadow-Falcon-93';

describe('profile form', () => {
  it('starts with empty password fields and remembers the loaded email', () => {
    expect(loaded).toMatchObject({ savedUsername: 'pat@example.com', currentPassword: '', password: '' });
    expect(needsCurrentPassword(loaded)).toBe(false);
  });

  it('asks for the current password when the email changes, not for a name change', () => {
    const renamed = { ...loaded, name: 'Pat P' };
    expect(currentPasswordRule('', renamed)).toBeUndefined();
    const moved = { ...loaded, username: 'pat@elsewhere.example' };
    expect(currentPasswordRule('', moved)).toBe(USER_MSG.currentPasswordRequired);
    expect(currentPasswordRule('my-password', moved)).toBeUndefined();
    // Spaces around the address are not a change.
    expect(currentPasswordRule('', { ...loaded, username: ' pat@example.com ' })).toBeUndefined();
  });

  it('asks for the current password with a new password, which must match and be strong', () => {
    const changing = { ...loaded, password: NEW_PASSWORD, verify: NEW_PASSWORD };
    expect(currentPasswordRule('', changing)).toBe(USER_MSG.currentPasswordRequired);
    expect(verifyRule(NEW_PASSWORD, changing)).toBeUndefined();
    expect(verifyRule('other', changing)).toBe(MSG.passwordsMustMatch);
    expect(verifyRule('password1', { ...changing, password: 'password1' })).toBe(MSG.passwordsMustMatch);
  });

  it('builds bodies the server schema accepts, with the current password only when it is needed', () => {
    const renamed = profileBody({ ...loaded, name: '  Pat P  ', currentPassword: 'typed anyway' });
    expect(ProfileInput.parse(renamed)).toEqual({ name: 'Pat P', username: 'pat@example.com' });

    const moved = profileBody({ ...loaded, username: ' pat@elsewhere.example ', currentPassword: 'secret' });
    expect(ProfileInput.parse(moved)).toEqual({
      name: 'Pat Profile',
      username: 'pat@elsewhere.example',
      currentPassword: 'secret',
    });

    const changing = profileBody({ ...loaded, password: NEW_PASSWORD, currentPassword: 'secret' });
    expect(ProfileInput.parse(changing)).toEqual({
      name: 'Pat Profile',
      username: 'pat@example.com',
      password: NEW_PASSWORD,
      currentPassword: 'secret',
    });
    expect(changing).not.toHaveProperty('savedUsername');
    expect(changing).not.toHaveProperty('verify');
  });
});
