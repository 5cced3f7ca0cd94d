import { LOGIN_REASONS, MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeMailApp, setPasswordLink, waitForMails } from '../../../test/factories/outbox.factory.js';
import { anonymous, login, makeOrg, makeUser, PASSWORD, randomIp } from '../../../test/factories.js';

// A 1 ms rate window keeps the per-minute limit out of the way of the 10-failure lockout.
const { app, outbox } = await makeMailApp({ loginRateWindowMs: 1 });
const ip = randomIp();
const attempt = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('account lockout', () => {
  it('locks after 10 consecutive failures, refuses the right password, and a reset unlocks', async () => {
    const org = await makeOrg(app);
    const user = await makeUser(app, org.id, { role: 'viewer' });
    const session = await login(app, user.username);
    for (let i = 1; i < 10; i++) {
      const res = await attempt(user.username, `wrong-${i}`);
      expect(res.json()).toEqual({ message: MSG.loginInvalid });
    }
    const tenth = await attempt(user.username, 'wrong-10');
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json()).toEqual({ message: MSG.loginLocked, reason: LOGIN_REASONS.locked });

    const right = await attempt(user.username, PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json().reason).toBe(LOGIN_REASONS.locked);
    // A locked account's existing sessions stop working too.
    expect((await session.request('GET', '/api/users/me')).statusCode).toBe(401);

    await anonymous(app).request('POST', `/api/auth/passwordresetrequest?email=${user.username}`);
    const [mail] = await waitForMails(outbox, user.username);
    if (!mail) throw new Error('no reset mail');
    const newPassword = 'Unlocked-Harbor-Violet-64';
    const reset = await anonymous(app).request('POST', '/api/auth/passwordreset', {
      token: setPasswordLink(mail).token,
      password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    const after = await attempt(user.username, newPassword);
    expect(after.statusCode).toBe(200);
    expect(after.json().locked).toBe(false);
  });

  it('a success in between resets the consecutive count', async () => {
    const org = await makeOrg(app);
    const user = await makeUser(app, org.id, { role: 'viewer' });
    for (let i = 0; i < 9; i++) await attempt(user.username, 'wrong');
    expect((await attempt(user.username, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await attempt(user.username, 'wrong');
    expect((await attempt(user.username, PASSWORD)).statusCode).toBe(200);
  });
});
