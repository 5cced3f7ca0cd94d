/**
 * Wrong current passwords on the profile lock the account exactly like failed sign-ins: 10 in a
 * row lock it, the locked account's sessions (the one guessing too) stop working, and only a
 * password reset unlocks it.
 */
import { LOGIN_REASONS, MSG, USER_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeMailApp, setPasswordLink, waitForMails } from '../../../test/factories/outbox.factory.js';
import { anonymous, clientWith, makeTenant, PASSWORD, randomIp } from '../../../test/factories.js';

// A 1 ms rate window keeps the per-minute limit out of the way of the 10-failure lockout.
const { app, outbox } = await makeMailApp({ loginRateWindowMs: 1 });
const signIn = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: randomIp(),
  });
const emailChange = (currentPassword: string) => ({
  name: 'Vera Viewer',
  username: `elsewhere-${Date.now()}@example.com`,
  currentPassword,
});

describe('wrong current passwords on the profile lock the account like sign-ins', () => {
  it('locks on the 10th in a row: 401 account locked, sessions end, a reset unlocks', async () => {
    const t = await makeTenant(app);
    const viewer = clientWith(app, { ...t.viewer, remoteAddress: randomIp() });
    for (let i = 1; i < 10; i++) {
      const res = await viewer.request('PUT', '/api/users/me', emailChange(`wrong-${i}`));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(USER_MSG.currentPasswordWrong);
    }
    const tenth = await viewer.request('PUT', '/api/users/me', emailChange('wrong-10'));
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json()).toEqual({ message: MSG.loginLocked, reason: LOGIN_REASONS.locked });
    expect((await viewer.request('GET', '/api/users/me')).statusCode).toBe(401);
    expect((await signIn(t.viewer.username, PASSWORD)).json().reason).toBe(LOGIN_REASONS.locked);

    await anonymous(app).request('POST', `/api/auth/passwordresetrequest?email=${t.viewer.username}`);
    const [mail] = await waitForMails(outbox, t.viewer.username);
    if (!mail) throw new Error('no reset mail');
    const password = 'Unlocked-Harbor-Violet-64';
    const reset = await anonymous(app).request('POST', '/api/auth/passwordreset', {
      token: setPasswordLink(mail).token,
      password,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.viewer.username, password)).statusCode).toBe(200);
  });

  it('profile and sign-in failures add up to the same lock', async () => {
    const t = await makeTenant(app);
    const viewer = clientWith(app, { ...t.viewer, remoteAddress: randomIp() });
    for (let i = 0; i < 5; i++) expect((await signIn(t.viewer.username, 'wrong')).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect((await viewer.request('PUT', '/api/users/me', emailChange('wrong'))).statusCode).toBe(400);
    }
    const tenth = await viewer.request('PUT', '/api/users/me', emailChange('wrong'));
    expect(tenth.json()).toEqual({ message: MSG.loginLocked, reason: LOGIN_REASONS.locked });
  });

  it('a right current password resets the consecutive count, as a sign-in does', async () => {
    const t = await makeTenant(app);
    const viewer = clientWith(app, { ...t.viewer, remoteAddress: randomIp() });
    for (let i = 0; i < 9; i++) await viewer.request('PUT', '/api/users/me', emailChange('wrong'));
    const right = await viewer.request('PUT', '/api/users/me', {
      name: 'Vera Viewer',
      username: t.viewer.username,
      password: 'Profile-Change-Kestrel-46',
      currentPassword: PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await viewer.request('PUT', '/api/users/me', emailChange('wrong'))).statusCode).toBe(400);
    }
    expect((await viewer.request('GET', '/api/users/me')).statusCode).toBe(200);
  });
});
