/**
 * Changing the sign-in email on the profile: the email receives reset links, so a session alone
 * must not be enough to move it elsewhere.
 */
import { MSG, RESET_REASONS, USER_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { mailsTo, makeMailApp, waitForMails } from '../../../test/factories/outbox.factory.js';
import { anonymous, clientWith, login, makeTenant, PASSWORD, randomIp } from '../../../test/factories.js';
import { issueToken } from './set-password-tokens.js';

const { app, outbox } = await makeMailApp();
const moved = () => `moved-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const reset = (token: string) =>
  anonymous(app).request('POST', '/api/auth/passwordreset', { token, password: 'Fresh-Quarry-Pelican-73' });

describe('PUT /api/users/me with a new username', () => {
  it('needs the current password: 400 naming the field when missing or wrong, and nothing is stored', async () => {
    const t = await makeTenant(app);
    const viewer = clientWith(app, { ...t.viewer, remoteAddress: randomIp() });
    const before = (await viewer.request('GET', '/api/users/me')).json();
    const body = { name: 'Taken Over', username: moved() };
    const cases: [string | undefined, string][] = [
      [undefined, USER_MSG.currentPasswordRequired],
      ['', USER_MSG.currentPasswordRequired],
      ['wrong-password', USER_MSG.currentPasswordWrong],
    ];
    for (const [currentPassword, message] of cases) {
      const res = await viewer.request('PUT', '/api/users/me', { ...body, currentPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ path: 'currentPassword', message }] });
    }
    const after = (await viewer.request('GET', '/api/users/me')).json();
    expect(after).toMatchObject({ username: before.username, name: before.name });
    expect((await login(app, t.viewer.username)).cookie).toContain('sl_session=');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailsTo(outbox, t.viewer.username)).toHaveLength(0);

    const ok = await viewer.request('PUT', '/api/users/me', { ...body, currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject(body);
    expect((await login(app, body.username)).cookie).toContain('sl_session=');
  });

  it('mails the old address, ends the other sessions but not this one, and retires every link', async () => {
    const t = await makeTenant(app);
    const old = t.viewer.username;
    const other = await login(app, old);
    const user = { id: t.viewer.userId, username: old };
    const resetLink = await issueToken(app.ctx.db, user, 3_600_000);
    const activationLink = await issueToken(app.ctx.db, user, 72 * 3_600_000);
    const username = moved();

    const res = await t.viewer.request('PUT', '/api/users/me', {
      name: 'Vera Viewer',
      username,
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.viewer.request('GET', '/api/users/me')).json().username).toBe(username);
    expect((await other.request('GET', '/api/users/me')).statusCode).toBe(401);
    for (const token of [resetLink, activationLink]) {
      expect((await reset(token)).json()).toEqual({
        message: MSG.resetTokenInvalid,
        reason: RESET_REASONS.invalid,
      });
    }

    const [notice] = await waitForMails(outbox, old);
    if (!notice) throw new Error('no notice to the old address');
    expect(notice.subject).toBe('Your Sightline sign-in email was changed');
    expect(notice.text).toContain(old);
    expect(notice.text).toContain(username);
  });

  it('needs no password for a name change, and keeps the other sessions and links', async () => {
    const t = await makeTenant(app);
    const other = await login(app, t.viewer.username);
    const link = await issueToken(
      app.ctx.db,
      { id: t.viewer.userId, username: t.viewer.username },
      3_600_000,
    );
    const res = await t.viewer.request('PUT', '/api/users/me', {
      name: 'Renamed Only',
      username: t.viewer.username,
    });
    expect(res.statusCode).toBe(200);
    expect((await other.request('GET', '/api/users/me')).statusCode).toBe(200);
    expect((await reset(link)).statusCode).toBe(200);
  });
});
