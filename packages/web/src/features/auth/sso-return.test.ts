import { SSO_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { linkNotice, secondStepFromHash } from './sso-return';

describe('what single sign-on hands the login page', () => {
  it('asks for the password that links a known provider only', () => {
    expect(linkNotice(new URLSearchParams('link=okta&username=a@b.c'))).toBe(SSO_MSG.linkPending('Okta'));
    expect(linkNotice(new URLSearchParams('link=entra'))).toBe(SSO_MSG.linkPending('Entra'));
    expect(linkNotice(new URLSearchParams('link=<b>x</b>'))).toBeUndefined();
    expect(linkNotice(new URLSearchParams(''))).toBeUndefined();
  });

  it('reads a pending second step from the fragment, and nothing else', () => {
    expect(secondStepFromHash('#secondFactor=totp&pendingToken=abc')).toEqual({
      secondFactor: 'totp',
      pendingToken: 'abc',
    });
    expect(secondStepFromHash('#secondFactor=enrol&pendingToken=abc')?.secondFactor).toBe('enrol');
    expect(secondStepFromHash('#secondFactor=other&pendingToken=abc')).toBeUndefined();
    expect(secondStepFromHash('')).toBeUndefined();
  });
});
