import { ACTIVATION_TOKEN_TTL_MS, ROLE_IDS, usernameFromResetToken } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mailsTo,
  makeMailApp,
  setPasswordLink,
  waitForMails,
} from '../../../test/factories/outbox.factory.js';
import { anonymous, login, makeTenant } from '../../../test/factories.js';
import { passwordResetTokens } from '../../db/schema.js';

const { app, outbox } = await makeMailApp();
let seq = 0;
const newUser = () => ({
  name: `Newcomer ${++seq}`,
  username: `newcomer-${Date.now()}-${seq}@example.com`,
  roles: [ROLE_IDS.viewer],
  securityCtx: { sites: ['*'] },
});

describe('POST /api/users?send-email=true', () => {
  it('mails an activation link (valid 72 h) that sets the first password', async () => {
    const t = await makeTenant(app);
    const input = newUser();
    const created = await t.admin.request('POST', '/api/users?send-email=true', input);
    expect(created.statusCode).toBe(200);
    const user = created.json();

    const [mail] = await waitForMails(outbox, input.username);
    if (!mail) throw new Error('no activation mail');
    expect(mail.subject).toBe('Your Sightline account');
    const { token } = setPasswordLink(mail);
    expect(usernameFromResetToken(token)).toBe(input.username);
    const [row] = await app.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(ACTIVATION_TOKEN_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(ACTIVATION_TOKEN_TTL_MS);

    const password = 'First-Light-Heron-2031';
    const set = await anonymous(app).request('POST', '/api/auth/passwordreset', { token, password });
    expect(set.statusCode).toBe(200);
    const client = await login(app, input.username, password);
    expect((await client.request('GET', '/api/users/me')).json().id).toBe(user.id);
  });

  it('sends nothing when send-email is false, and nothing when the input is refused', async () => {
    const t = await makeTenant(app);
    const quiet = newUser();
    const res = await t.admin.request('POST', '/api/users?send-email=false', {
      ...quiet,
      password: 'Quiet-Creation-Otter-58',
    });
    expect(res.statusCode).toBe(200);
    const refused = { ...newUser(), roles: [ROLE_IDS.superAdmin] };
    expect((await t.admin.request('POST', '/api/users?send-email=true', refused)).statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailsTo(outbox, quiet.username)).toHaveLength(0);
    expect(await mailsTo(outbox, refused.username)).toHaveLength(0);
  });
});
