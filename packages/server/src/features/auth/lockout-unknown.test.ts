/** Issue 6 finding 6: an unknown username answers `account locked` after 10 failures, like a real one. */
import { LOGIN_REASONS, MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, randomIp } from '../../../test/factories.js';

const app = await makeApp({ loginRateWindowMs: 1 });
const attempt = (username: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: 'wrong-password' },
    remoteAddress: randomIp(),
  });

describe('lockout does not tell real accounts from unknown ones', () => {
  it('answers account locked on the 10th failure of an unknown username, and after', async () => {
    const username = `nobody-${Date.now()}@example.com`;
    for (let i = 1; i < 10; i++)
      expect((await attempt(username)).json()).toEqual({ message: MSG.loginInvalid });
    const tenth = await attempt(username);
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json()).toEqual({ message: MSG.loginLocked, reason: LOGIN_REASONS.locked });
    expect((await attempt(username.toUpperCase())).json().reason).toBe(LOGIN_REASONS.locked);
  });
});
