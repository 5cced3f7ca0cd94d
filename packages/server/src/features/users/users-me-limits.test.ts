/**
 * A wrong current password on the profile is a failed sign-in: it counts against the same
 * per-account and per-address limits, so a stolen session cannot guess the password freely.
 */
import { LOGIN_REASONS, MSG, USER_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { clientWith, makeApp, makeTenant, PASSWORD, randomIp } from '../../../test/factories.js';

const app = await makeApp();
const rateLimited = { message: MSG.loginRateLimited, reason: LOGIN_REASONS.rateLimited };
const signIn = (username: string, password: string, ip = randomIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

async function viewerFrom(ip = randomIp()) {
  const t = await makeTenant(app);
  return { t, viewer: clientWith(app, { ...t.viewer, remoteAddress: ip }) };
}

const passwordChange = (currentPassword: string, username: string) => ({
  name: 'Vera Viewer',
  username,
  password: 'Profile-Change-Kestrel-46',
  currentPassword,
});

describe('wrong current passwords on the profile are limited like sign-ins', () => {
  it('more than 5 failures a minute answer 429, even with the right password, and sign-in too', async () => {
    const { t, viewer } = await viewerFrom();
    for (let i = 0; i < 5; i++) {
      const res = await viewer.request(
        'PUT',
        '/api/users/me',
        passwordChange(`wrong-${i}`, t.viewer.username),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(USER_MSG.currentPasswordWrong);
    }
    const sixth = await viewer.request('PUT', '/api/users/me', passwordChange(PASSWORD, t.viewer.username));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(rateLimited);
    expect((await signIn(t.viewer.username, PASSWORD)).json()).toEqual(rateLimited);
    // The password did not change, and a name-only change is not held up.
    const rename = await viewer.request('PUT', '/api/users/me', {
      name: 'Vera',
      username: t.viewer.username,
    });
    expect(rename.statusCode).toBe(200);
  });

  it('failed sign-ins count against the profile, and so does the address', async () => {
    const { t, viewer } = await viewerFrom();
    for (let i = 0; i < 5; i++) expect((await signIn(t.viewer.username, `wrong-${i}`)).statusCode).toBe(401);
    const res = await viewer.request('PUT', '/api/users/me', passwordChange(PASSWORD, t.viewer.username));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(rateLimited);

    const ip = randomIp();
    const fresh = await viewerFrom(ip);
    for (let i = 0; i < 5; i++) await signIn(`ghost-${i}-${ip}@example.com`, 'wrong', ip);
    const byAddress = await fresh.viewer.request(
      'PUT',
      '/api/users/me',
      passwordChange(PASSWORD, fresh.t.viewer.username),
    );
    expect(byAddress.json()).toEqual(rateLimited);
  });

  it('a missing current password is not a guess and is not counted', async () => {
    const { t, viewer } = await viewerFrom();
    for (let i = 0; i < 6; i++) {
      const res = await viewer.request('PUT', '/api/users/me', passwordChange('', t.viewer.username));
      expect(res.json().message).toBe(USER_MSG.currentPasswordRequired);
    }
    const ok = await viewer.request('PUT', '/api/users/me', passwordChange(PASSWORD, t.viewer.username));
    expect(ok.statusCode).toBe(200);
  });
});
