/**
 * check/email answers only about the caller's organization; three reset
 * requests at once send one mail; a profile password change needs the current password.
 */
import { USER_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { mailsTo, makeMailApp, waitForMails } from '../../../test/factories/outbox.factory.js';
import { anonymous, login, makeTenant, PASSWORD } from '../../../test/factories.js';

const { app, outbox } = await makeMailApp();

describe('enumeration and throttles', () => {
  it("check/email answers only about the caller's organization", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    const own = await a.admin.request('POST', '/api/check/email', { email: a.viewer.username });
    expect(own.json()).toEqual({ exists: true });
    const foreign = await a.admin.request('POST', '/api/check/email', { email: b.viewer.username });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ exists: false });
  });

  it('three quick reset requests send one mail', async () => {
    const t = await makeTenant(app);
    const request = () =>
      anonymous(app).request('POST', `/api/auth/passwordresetrequest?email=${t.operator.username}`);
    const answers = await Promise.all([request(), request(), request()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await waitForMails(outbox, t.operator.username, 2, 500);
    expect(await mailsTo(outbox, t.operator.username)).toHaveLength(1);
  });

  it('a profile password change requires the current password', async () => {
    const t = await makeTenant(app);
    const password = 'Profile-Change-Kestrel-46';
    const body = { name: 'Vera', username: t.viewer.username, password };
    const refusals: [string | undefined, string][] = [
      [undefined, USER_MSG.currentPasswordRequired],
      ['wrong-password', USER_MSG.currentPasswordWrong],
    ];
    for (const [currentPassword, message] of refusals) {
      const res = await t.viewer.request('PUT', '/api/users/me', { ...body, currentPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ path: 'currentPassword', message }] });
    }
    expect((await login(app, t.viewer.username, PASSWORD)).cookie).toContain('sl_session=');
    const ok = await t.viewer.request('PUT', '/api/users/me', { ...body, currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await login(app, t.viewer.username, password)).cookie).toContain('sl_session=');
    // A name change alone needs no password.
    const rename = await t.viewer.request('PUT', '/api/users/me', {
      name: 'Vera V',
      username: t.viewer.username,
    });
    expect(rename.statusCode).toBe(200);
  });
});
