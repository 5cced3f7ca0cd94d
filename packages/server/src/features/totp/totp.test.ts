/** Second factor: set-up in userMe, the sign-in's second step, recovery codes, limits, reset. */
import { LOGIN_RATE_LIMIT, ROLE_IDS, TOTP_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  type Client,
  clientWith,
  makeApp,
  makeSite,
  makeTenant,
  makeUser,
  PASSWORD,
  randomIp,
} from '../../../test/factories.js';
import { userTotp } from '../../db/schema.js';
import { codeAt } from './codes.js';

const app = await makeApp();
const STEP = 30_000;

/** This file's client address: the failures it records count against no other file's (the database is shared). */
const FILE_IP = randomIp();
const post = (url: string, payload: unknown, ip = FILE_IP) =>
  app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

/** Password step as a browser would send it. */
async function passwordStep(username: string, ip = randomIp()) {
  const res = await post('/api/auth/login', { username, password: PASSWORD }, ip);
  expect(res.statusCode).toBe(200);
  return res;
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'sl_session' && c.value)?.value;

async function signedIn(username: string, userId: string): Promise<Client> {
  const res = await passwordStep(username);
  return clientWith(app, { cookie: `sl_session=${sessionOf(res)}`, userId, username });
}

/** A user with TOTP turned on; its secret and recovery codes. The enabling code used the current step. */
async function enrolledUser(orgId: string, role: keyof typeof ROLE_IDS = 'viewer') {
  const user = await makeUser(app, orgId, { role });
  const client = await signedIn(user.username, user.id);
  const setup = (await client.request('POST', '/api/users/me/totp/setup')).json();
  const enable = await client.request('POST', '/api/users/me/totp/enable', { code: codeAt(setup.secret) });
  expect(enable.statusCode).toBe(200);
  return {
    ...user,
    client,
    secret: setup.secret as string,
    recoveryCodes: enable.json().recoveryCodes as string[],
  };
}

describe('second factor set-up (userMe)', () => {
  it('enrols with a QR code and a first code, and shows ten recovery codes once', async () => {
    const t = await makeTenant(app);
    const user = await makeUser(app, t.org.id, { role: 'operator' });
    const client = await signedIn(user.username, user.id);
    expect((await client.request('GET', '/api/users/me/totp')).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await client.request('POST', '/api/users/me/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain('otpauth://totp/Sightline:');
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await client.request('POST', '/api/users/me/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TOTP_MSG.invalidCode);
    expect((await client.request('GET', '/api/users/me/totp')).json().enabled).toBe(false);

    const enable = await client.request('POST', '/api/users/me/totp/enable', { code: codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await client.request('GET', '/api/users/me/totp')).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Stored hashed: no recovery code appears in the database; a second set-up is refused.
    const again = await client.request('POST', '/api/users/me/totp/setup');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TOTP_MSG.alreadyEnabled);
  });

  it('validates codes (400) and needs a signed-in user (401), not an API key (403)', async () => {
    const t = await makeTenant(app);
    const user = await makeUser(app, t.org.id);
    const client = await signedIn(user.username, user.id);
    const noSetup = await client.request('POST', '/api/users/me/totp/enable', { code: '123456' });
    expect(noSetup.statusCode).toBe(400);
    expect(noSetup.json().message).toBe(TOTP_MSG.noSetup);
    for (const body of [
      {},
      { code: '' },
      { code: '12\u00003456' },
      { code: 123456 },
      { code: 'x'.repeat(40) },
    ]) {
      const res = await client.request('POST', '/api/users/me/totp/enable', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await client.request('POST', '/api/users/me/totp/disable', { code: '123456' })).json().message,
    ).toBe(TOTP_MSG.notEnabled);
    for (const [method, url] of [
      ['GET', '/api/users/me/totp'],
      ['POST', '/api/users/me/totp/setup'],
      ['POST', '/api/users/me/totp/enable'],
      ['POST', '/api/users/me/totp/disable'],
    ] as const) {
      expect((await anonymous(app).request(method, url, { code: '123456' })).statusCode, url).toBe(401);
    }
    const key = await t.admin.request('POST', '/api/apikeys', {
      name: 'key',
      roles: [ROLE_IDS.admin],
      securityCtx: { sites: ['*'] },
    });
    const bearer = clientWith(app, { bearer: key.json().token });
    expect((await bearer.request('GET', '/api/users/me/totp')).statusCode).toBe(403);
    expect((await bearer.request('POST', '/api/users/me/totp/setup')).statusCode).toBe(403);
    // API keys are unaffected by the second factor: the key still works.
    expect((await bearer.request('GET', '/api/users')).statusCode).toBe(200);
  });
});

describe('sign-in with a second factor', () => {
  it('answers that a code is needed without a session, then signs in with the code', async () => {
    const t = await makeTenant(app);
    const user = await enrolledUser(t.org.id);
    const first = await passwordStep(user.username);
    expect(first.json()).toEqual({ secondFactor: 'totp', pendingToken: expect.any(String) });
    expect(sessionOf(first)).toBeUndefined();
    const { pendingToken } = first.json();

    const wrong = await post('/api/auth/totp', { pendingToken, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TOTP_MSG.invalidCode);
    expect(sessionOf(wrong)).toBeUndefined();

    const next = codeAt(user.secret, Date.now() + STEP);
    const ok = await post('/api/auth/totp', { pendingToken, code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe(user.username);
    const session = clientWith(app, { cookie: `sl_session=${sessionOf(ok)}` });
    expect((await session.request('GET', '/api/users/me')).statusCode).toBe(200);

    // The pending token is spent, and the same code cannot be used twice.
    expect((await post('/api/auth/totp', { pendingToken, code: next })).json().message).toBe(
      TOTP_MSG.pendingExpired,
    );
    const again = (await passwordStep(user.username)).json().pendingToken;
    expect((await post('/api/auth/totp', { pendingToken: again, code: next })).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const t = await makeTenant(app);
    const user = await enrolledUser(t.org.id);
    const [code = ''] = user.recoveryCodes;
    const pending = (await passwordStep(user.username)).json().pendingToken;
    const ok = await post('/api/auth/totp', { pendingToken: pending, code: ` ${code.toUpperCase()} ` });
    expect(ok.statusCode).toBe(200);
    const replay = (await passwordStep(user.username)).json().pendingToken;
    expect((await post('/api/auth/totp', { pendingToken: replay, code })).statusCode).toBe(401);
    expect((await user.client.request('GET', '/api/users/me/totp')).json().recoveryCodesLeft).toBe(9);
  });

  it('rate limits wrong codes like passwords (429) and refuses unknown pending tokens (401)', async () => {
    const t = await makeTenant(app);
    const user = await enrolledUser(t.org.id);
    const ip = randomIp();
    const pendingToken = (await passwordStep(user.username, ip)).json().pendingToken;
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) {
      expect((await post('/api/auth/totp', { pendingToken, code: '000000' }, ip)).statusCode).toBe(401);
    }
    const limited = await post(
      '/api/auth/totp',
      { pendingToken, code: codeAt(user.secret, Date.now() + STEP) },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().reason).toBe('rate limited');

    const bogus = await post('/api/auth/totp', { pendingToken: 'not-a-real-token', code: '123456' });
    expect(bogus.statusCode).toBe(401);
    for (const body of [{}, { pendingToken: 'a b', code: '123456' }, { pendingToken: 'x', code: '' }]) {
      expect((await post('/api/auth/totp', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('turns off with a code; then the password alone signs in', async () => {
    const t = await makeTenant(app);
    const user = await enrolledUser(t.org.id);
    const wrong = await user.client.request('POST', '/api/users/me/totp/disable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const ok = await user.client.request('POST', '/api/users/me/totp/disable', {
      code: codeAt(user.secret, Date.now() + STEP),
    });
    expect(ok.statusCode).toBe(200);
    const res = await passwordStep(user.username);
    expect(res.json().username).toBe(user.username);
    expect(sessionOf(res)).toBeTruthy();
  });

  it('sends users without a second factor to enrol when the organization requires it', async () => {
    const t = await makeTenant(app);
    // requireTotp is not an identity provider setting: an all-sites Admin may set it.
    const put = await t.admin.request('PUT', '/api/ssosettings', {
      oktaIssuer: '',
      oktaClientId: '',
      oktaClientSecret: '',
      entraTenant: '',
      requireTotp: true,
    });
    expect(put.json().requireTotp).toBe(true);
    const user = await makeUser(app, t.org.id, { role: 'viewer' });
    const first = await passwordStep(user.username);
    expect(first.json().secondFactor).toBe('enrol');
    expect(sessionOf(first)).toBeUndefined();
    const { pendingToken } = first.json();
    const notYet = await post('/api/auth/totp', { pendingToken, code: '123456' });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().message).toBe(TOTP_MSG.enrolRequired);

    const setup = await post('/api/auth/totp/setup', { pendingToken });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    expect((await post('/api/auth/totp/enrol', { pendingToken, code: '000000' })).statusCode).toBe(400);
    const enrolled = await post('/api/auth/totp/enrol', { pendingToken, code: codeAt(secret) });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().user.username).toBe(user.username);
    expect(enrolled.json().recoveryCodes).toHaveLength(10);
    const session = clientWith(app, { cookie: `sl_session=${sessionOf(enrolled)}` });
    expect((await session.request('GET', '/api/users/me/totp')).json()).toMatchObject({
      enabled: true,
      required: true,
    });
    // From now on: the code step.
    expect((await passwordStep(user.username)).json().secondFactor).toBe('totp');
    // A 'totp' pending token cannot start a new enrolment.
    const pending = (await passwordStep(user.username)).json().pendingToken;
    expect((await post('/api/auth/totp/setup', { pendingToken: pending })).statusCode).toBe(400);
  });
});

describe("an administrator's reset (DELETE users/{id}/totp)", () => {
  it('removes the second factor; 401, 403, 400 and 404 otherwise', async () => {
    const t = await makeTenant(app);
    const user = await enrolledUser(t.org.id);
    const url = `/api/users/${user.id}/totp`;
    expect((await anonymous(app).request('DELETE', url)).statusCode).toBe(401);
    expect((await t.viewer.request('DELETE', url)).statusCode).toBe(403);
    expect((await t.manager.request('DELETE', url)).statusCode).toBe(403);
    expect((await t.admin.request('DELETE', '/api/users/not-an-id/totp')).statusCode).toBe(400);
    const other = await makeTenant(app);
    expect((await other.admin.request('DELETE', url)).statusCode).toBe(404);
    // A site-limited administrator does not manage an all-sites user.
    const site = await makeSite(app, t.org.id);
    const limited = await makeUser(app, t.org.id, { role: 'admin', sites: [site.id] });
    const limitedClient = await signedIn(limited.username, limited.id);
    expect((await limitedClient.request('DELETE', url)).statusCode).toBe(404);
    expect(await app.ctx.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(1);

    expect((await t.admin.request('DELETE', url)).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0);
    const res = await passwordStep(user.username);
    expect(sessionOf(res)).toBeTruthy();
  });
});
