import { LOGIN_REASONS, MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  clientWith,
  login,
  makeApp,
  makeOrg,
  makeUser,
  PASSWORD,
  randomIp,
} from '../../../test/factories.js';

const app = await makeApp();

const attempt = (username: string, password: string, ip = randomIp(), host?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
    headers: host ? { host } : {},
  });

async function newUser() {
  const org = await makeOrg(app);
  return { org, ...(await makeUser(app, org.id, { role: 'viewer' })) };
}

describe('POST /api/auth/login', () => {
  it('signs in: an httpOnly SameSite=Strict session cookie and the user', async () => {
    const user = await newUser();
    const res = await attempt(user.username.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username, locked: false });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ name: 'sl_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    const me = await clientWith(app, { cookie: `sl_session=${cookie?.value}` }).request(
      'GET',
      '/api/users/me',
    );
    expect(me.json().id).toBe(user.id);
  });

  it('refuses a wrong password or an unknown user with the same 401 and no reason', async () => {
    const user = await newUser();
    for (const res of [
      await attempt(user.username, 'wrong-password'),
      await attempt('nobody@example.com', 'x'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.loginInvalid });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('rejects a body without a password (400)', async () => {
    const res = await attempt('someone@example.com', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/);
  });

  it('rate-limits a username after 5 failures in the window, from any IP (429)', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) expect((await attempt(user.username, `wrong-${i}`)).statusCode).toBe(401);
    const sixth = await attempt(user.username, PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: MSG.loginRateLimited, reason: LOGIN_REASONS.rateLimited });
  });

  it('rate-limits an IP after 5 failures in the window, for any username (429)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`ghost-${i}-${ip}@example.com`, 'wrong', ip)).statusCode).toBe(401);
    }
    const user = await newUser();
    const sixth = await attempt(user.username, PASSWORD, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().reason).toBe(LOGIN_REASONS.rateLimited);
    expect((await attempt(user.username, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a user on another organization's subdomain", async () => {
    const user = await newUser();
    const other = await makeOrg(app);
    expect(
      (await attempt(user.username, PASSWORD, randomIp(), `${other.subdomain}.sightline.example`)).statusCode,
    ).toBe(401);
    expect(
      (await attempt(user.username, PASSWORD, randomIp(), `${user.org.subdomain}.sightline.example`))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: the old cookie then gets 401', async () => {
    const user = await newUser();
    const client = await login(app, user.username);
    expect((await client.request('GET', '/api/users/me')).statusCode).toBe(200);
    const out = await client.request('POST', '/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(out.cookies.find((c) => c.name === 'sl_session')?.value).toBe('');
    const after = await client.request('GET', '/api/users/me');
    expect(after.statusCode).toBe(401);
  });

  it('answers 200 without a session too (logout always clears the cookie)', async () => {
    expect((await anonymous(app).request('POST', '/api/auth/logout')).json()).toEqual({ ok: true });
  });
});
