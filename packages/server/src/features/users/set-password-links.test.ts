/**
 * A new password, however it is set, retires every reset and activation link the user still has:
 * a link mailed before the change must not undo it.
 */
import { ACTIVATION_TOKEN_TTL_MS, MSG, RESET_REASONS, RESET_TOKEN_TTL_MS, ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, login, makeApp, makeTenant, PASSWORD } from '../../../test/factories.js';
import { issueToken } from './set-password-tokens.js';

const app = await makeApp();
const retired = { message: MSG.resetTokenInvalid, reason: RESET_REASONS.invalid };
const useLink = (token: string, password = 'Late-Link-Otter-Canyon-19') =>
  anonymous(app).request('POST', '/api/auth/passwordreset', { token, password });

async function withLinks(user: { userId: string; username: string }) {
  const owner = { id: user.userId, username: user.username };
  return [
    await issueToken(app.ctx.db, owner, RESET_TOKEN_TTL_MS),
    await issueToken(app.ctx.db, owner, ACTIVATION_TOKEN_TTL_MS),
  ];
}

describe('setting a password retires the outstanding links', () => {
  it('a new password on the profile', async () => {
    const t = await makeTenant(app);
    const links = await withLinks(t.viewer);
    const password = 'Profile-Change-Kestrel-46';
    const res = await t.viewer.request('PUT', '/api/users/me', {
      name: 'Vera Viewer',
      username: t.viewer.username,
      password,
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    for (const link of links) expect((await useLink(link)).json()).toEqual(retired);
    expect((await login(app, t.viewer.username, password)).cookie).toContain('sl_session=');
  });

  it("an Admin's new password for the user", async () => {
    const t = await makeTenant(app);
    const links = await withLinks(t.operator);
    const password = 'Admin-Set-Walrus-Beacon-35';
    const res = await t.admin.request('PUT', `/api/users/${t.operator.userId}`, {
      name: 'Olive Operator',
      username: t.operator.username,
      roles: [ROLE_IDS.operator],
      securityCtx: { sites: ['*'] },
      password,
    });
    expect(res.statusCode).toBe(200);
    for (const link of links) expect((await useLink(link)).json()).toEqual(retired);
    expect((await login(app, t.operator.username, password)).cookie).toContain('sl_session=');
  });

  it('an activation or a reset retires the other links', async () => {
    const t = await makeTenant(app);
    const [resetLink, activationLink] = await withLinks(t.viewer);
    if (!resetLink || !activationLink) throw new Error('no links');
    expect((await useLink(activationLink)).statusCode).toBe(200);
    expect((await useLink(resetLink)).json()).toEqual(retired);
  });

  it('an edit without a password keeps the links', async () => {
    const t = await makeTenant(app);
    const [link] = await withLinks(t.operator);
    const res = await t.admin.request('PUT', `/api/users/${t.operator.userId}`, {
      name: 'Olive Renamed',
      username: t.operator.username,
      roles: [ROLE_IDS.operator],
      securityCtx: { sites: ['*'] },
    });
    expect(res.statusCode).toBe(200);
    expect((await useLink(link ?? '')).statusCode).toBe(200);
  });
});
