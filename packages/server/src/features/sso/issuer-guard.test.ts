/**
 * An identity provider's address goes through the address guard, as webhooks do: an issuer on a
 * loopback, private, link-local or metadata address is refused at save, and a stored one is never
 * fetched — opening /auth/okta/redirect does not make the server reach an internal service.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSO_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loginError } from '../../../test/factories/sso.factory.js';
import { makeApp, makeSuperAdmin, makeTenant } from '../../../test/factories.js';
import { organizations, ssoSettings } from '../../db/schema.js';
import { SSO_ERRORS } from './service.js';

const app = await makeApp({ ssoAllowPrivate: false });

/** An internal service on loopback that counts who reaches it. */
const internal = { hits: 0 };
const server = http.createServer((_req, res) => {
  internal.hits++;
  res.setHeader('content-type', 'application/json');
  res.end('{}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the issuer address guard', () => {
  it('refuses loopback, private, link-local and metadata issuers at save (400, nothing stored)', async () => {
    const t = await makeTenant(app);
    const superAdmin = await makeSuperAdmin(app, t.org.id);
    const base = { oktaClientId: 'a', oktaClientSecret: 'b', entraTenant: '' };
    for (const issuer of [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}/oauth2`,
      'http://[::1]:4000',
      'https://169.254.169.254/latest',
      'https://10.1.2.3',
      'https://[::ffff:127.0.0.1]',
      'https://metadata.google.internal',
    ]) {
      const res = await superAdmin.request('PUT', '/api/ssosettings', { ...base, oktaIssuer: issuer });
      expect(res.statusCode, issuer).toBe(400);
      expect([SSO_MSG.issuerPrivate, SSO_MSG.issuerHttps], issuer).toContain(res.json().message);
    }
    const stored = await app.ctx.db.select().from(ssoSettings).where(eq(ssoSettings.orgId, t.org.id));
    expect(stored).toEqual([]);
    expect(internal.hits).toBe(0);
  });

  it('never fetches a stored internal issuer when a visitor opens the sign-in', async () => {
    const t = await makeTenant(app);
    // As a row from before the guard: written straight to the database.
    await app.ctx.db.insert(ssoSettings).values({
      orgId: t.org.id,
      oktaIssuer: `http://127.0.0.1:${port}`,
      oktaClientId: 'x',
      oktaClientSecret: 'y',
    });
    await app.ctx.db.update(organizations).set({ oktaEnabled: true }).where(eq(organizations.id, t.org.id));
    const res = await app.inject({
      method: 'GET',
      url: '/auth/okta/redirect',
      headers: { host: `${t.org.subdomain}.sightline.example` },
    });
    expect(res.statusCode).toBe(302);
    expect(loginError(res)).toBe(SSO_ERRORS.unreachable);
    expect(internal.hits).toBe(0);
  });
});
