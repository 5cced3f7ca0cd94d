import { MSG, RESET_REASONS, usernameFromResetToken } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mailsTo,
  makeMailApp,
  setPasswordLink,
  waitForMails,
} from '../../../test/factories/outbox.factory.js';
import { anonymous, login, makeOrg, makeUser, PASSWORD, randomIp } from '../../../test/factories.js';
import { passwordResetTokens } from '../../db/schema.js';
import { sha256 } from '../../platform/crypto.js';
import { issueToken } from '../users/set-password-tokens.js';

const { app, outbox } = await makeMailApp();
const NEW_PASSWORD = 'Lantern-Quartz-Meadow-88';

const requestReset = (email: string) =>
  anonymous(app).request('POST', `/api/auth/passwordresetrequest?email=${encodeURIComponent(email)}`);
const reset = (token: string, password: string) =>
  anonymous(app).request('POST', '/api/auth/passwordreset', { token, password });
const attempt = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: randomIp(),
  });

async function newUser() {
  const org = await makeOrg(app);
  return makeUser(app, org.id, { role: 'viewer' });
}

describe('password reset', () => {
  it('resets through the mailed link: new password works, old fails, sessions end, link is single use', async () => {
    const user = await newUser();
    const session = await login(app, user.username);
    const res = await requestReset(user.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const [mail] = await waitForMails(outbox, user.username);
    if (!mail) throw new Error('no reset mail');
    expect(mail.subject).toBe('Reset your Sightline password');
    const { link, token } = setPasswordLink(mail);
    expect(link.startsWith('http://localhost:8080/passwordreset/form?token=')).toBe(true);
    expect(usernameFromResetToken(token)).toBe(user.username);

    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(401);
    expect(weak.json()).toEqual({ message: MSG.passwordMustBeStronger, reason: RESET_REASONS.weak });

    const ok = await reset(token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await attempt(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(user.username, PASSWORD)).json()).toEqual({ message: MSG.loginInvalid });
    expect((await session.request('GET', '/api/users/me')).statusCode).toBe(401);

    const again = await reset(token, 'Another-Fresh-Password-51');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: MSG.resetTokenInvalid, reason: RESET_REASONS.invalid });
  });

  it('stores only the SHA-256 of the token, valid for one hour', async () => {
    const user = await newUser();
    await requestReset(user.username);
    const [mail] = await waitForMails(outbox, user.username);
    if (!mail) throw new Error('no reset mail');
    const { token } = setPasswordLink(mail);
    const rows = await app.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('answers 200 for an unknown email and mails nothing; sends at most one mail a minute per account', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    expect((await requestReset(unknown)).json()).toEqual({ ok: true });
    const user = await newUser();
    await requestReset(user.username);
    expect(await waitForMails(outbox, user.username)).toHaveLength(1);
    await requestReset(user.username);
    await waitForMails(outbox, user.username, 2, 300);
    expect(await mailsTo(outbox, user.username)).toHaveLength(1);
    expect(await mailsTo(outbox, unknown)).toHaveLength(0);
  });

  it('rejects an invalid email with 400 and the SPEC message', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MSG.invalidEmail);
    expect((await anonymous(app).request('POST', '/api/auth/passwordresetrequest')).statusCode).toBe(400);
  });

  it('refuses unknown, expired and malformed tokens', async () => {
    const user = await newUser();
    const invalid = { message: MSG.resetTokenInvalid, reason: RESET_REASONS.invalid };
    const forged = `${Buffer.from(user.username).toString('base64url')}.not-a-real-secret-at-all`;
    expect((await reset(forged, NEW_PASSWORD)).json()).toEqual(invalid);
    const expired = await issueToken(app.ctx.db, user, -1000);
    const res = await reset(expired, NEW_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(invalid);
    expect((await reset('', NEW_PASSWORD)).statusCode).toBe(400);
    expect((await reset(expired, '')).json().message).toContain(MSG.enterValidPassword);
    expect((await attempt(user.username, PASSWORD)).statusCode).toBe(200);
  });

  it('a successful reset retires the other outstanding links of the account', async () => {
    const user = await newUser();
    const first = await issueToken(app.ctx.db, user, 60_000);
    const second = await issueToken(app.ctx.db, user, 60_000);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(first, 'Another-Fresh-Password-51')).json().reason).toBe(RESET_REASONS.invalid);
  });

  it('checks a token without using it: 200 while usable, 401 once used, expired or unknown, 400 without one', async () => {
    const user = await newUser();
    const check = (token: unknown) =>
      anonymous(app).request('POST', '/api/auth/passwordreset/check', { token });
    const invalid = { message: MSG.resetTokenInvalid, reason: RESET_REASONS.invalid };
    const token = await issueToken(app.ctx.db, user, 60_000);
    const ok = await check(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    // Checking twice does not use the token up.
    expect((await check(token)).statusCode).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(401);
    expect(used.json()).toEqual(invalid);
    expect((await check(await issueToken(app.ctx.db, user, -1000))).json()).toEqual(invalid);
    expect(
      (await check(`${Buffer.from(user.username).toString('base64url')}.forged-secret-xyz`)).json(),
    ).toEqual(invalid);
    expect((await check('')).statusCode).toBe(400);
    expect((await anonymous(app).request('POST', '/api/auth/passwordreset/check', {})).statusCode).toBe(400);
  });
});
