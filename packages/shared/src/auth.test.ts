import { describe, expect, it } from 'vitest';
import {
  Email,
  fieldProblems,
  LOGIN_REASONS,
  LoginBody,
  loginErrorMessage,
  PasswordResetRequestQuery,
  usernameFromResetToken,
} from './auth.js';
import { MSG } from './messages.js';
import { isStrongPassword } from './password.js';

describe('login error messages (fixed texts, by the reason the server gives)', () => {
  it.each([
    [LOGIN_REASONS.rateLimited, 'Too many recent failed logins: wait a minute and try again'],
    [LOGIN_REASONS.locked, 'Too many recent failed logins: use Forgot My Password to unlock your account'],
    [undefined, 'Invalid username or password'],
    ['something else', 'Invalid username or password'],
  ])('reason %s → %s', (reason, text) => {
    expect(loginErrorMessage(reason)).toBe(text);
  });
});

describe('email rule', () => {
  it.each(['a@b.co', 'first.last@example.com'])('accepts %s', (email) => {
    expect(Email.safeParse(email).success).toBe(true);
  });
  it.each(['plain', 'a@b', 'a b@c.de', '@example.com'])('rejects %j with MSG.invalidEmail', (email) => {
    const result = PasswordResetRequestQuery.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.invalidEmail);
  });
  it('asks for an email when none is given', () => {
    expect(fieldProblems(PasswordResetRequestQuery, { email: ' ' })).toEqual({ email: MSG.enterValidEmail });
  });
});

describe('login body', () => {
  it('names each empty entry with the console texts', () => {
    expect(fieldProblems(LoginBody, { username: ' ', password: '' })).toEqual({
      username: MSG.enterValidEmail,
      password: MSG.enterValidPassword,
    });
    expect(fieldProblems(LoginBody, {})).toEqual({
      username: MSG.enterValidEmail,
      password: MSG.enterValidPassword,
    });
    expect(fieldProblems(LoginBody, { username: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('password rule (≥ 10 characters and zxcvbn score ≥ 3)', () => {
  it.each([
    ['short', false],
    ['password123', false],
    ['aaaaaaaaaaaa', false],
    ['qwertyuiop12', false],
    ['Correct-Horse-Battery-42', true],
    ['tangerine vortex lamp 91', true],
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
  it('counts the username against the password', () => {
    expect(isStrongPassword('jonathan.harker1897', ['jonathan.harker1897@example.com'])).toBe(false);
  });
});

describe('reset token display part', () => {
  it('decodes the username of a token', () => {
    const head = Buffer.from('mina@example.com').toString('base64url');
    expect(usernameFromResetToken(`${head}.secretpart`)).toBe('mina@example.com');
  });
  it('gives an empty name for garbage', () => {
    expect(usernameFromResetToken('%%%')).toBe('');
    // Valid base64 of bytes that are not UTF-8 (0xff 0xfe): no garbled name.
    expect(usernameFromResetToken('__4.secretpart')).toBe('');
  });
});
