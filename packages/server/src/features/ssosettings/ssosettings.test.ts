import { SSO_MSG, SSO_SECRET_MASK, SSO_SETTINGS_DEFAULTS } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeSuperAdmin, makeTenant } from '../../../test/factories.js';
import { ssoSettings } from '../../db/schema.js';

const app = await makeApp({ ssoAllowPrivate: true });
/** A tenant and its Super Admin, who alone sets the identity provider. */
const tenant = async () => {
  const t = await makeTenant(app);
  return { ...t, superAdmin: await makeSuperAdmin(app, t.org.id) };
};
const okta = {
  oktaIssuer: 'https://acme.okta.com/oauth2/default',
  oktaClientId: '0oa1client',
  oktaClientSecret: 's3cret-value',
  entraTenant: 'acme.onmicrosoft.com',
  requireTotp: false,
  allowSuperAdminSso: false,
};
const stored = async (orgId: string) =>
  (await app.ctx.db.select().from(ssoSettings).where(eq(ssoSettings.orgId, orgId)))[0];

describe('ssosettings', () => {
  it('upserts by PUT or POST and never returns the secret', async () => {
    const t = await tenant();
    expect((await t.admin.request('GET', '/api/ssosettings')).json()).toEqual(SSO_SETTINGS_DEFAULTS);

    const put = await t.superAdmin.request('PUT', '/api/ssosettings', okta);
    expect(put.statusCode).toBe(200);
    const masked = { ...okta, oktaClientSecret: SSO_SECRET_MASK };
    expect(put.json()).toEqual(masked);
    expect((await t.admin.request('GET', '/api/ssosettings')).json()).toEqual(masked);
    expect((await stored(t.org.id))?.oktaClientSecret).toBe('s3cret-value');

    // The mask sent back keeps the secret; other fields change.
    const post = await t.superAdmin.request('POST', '/api/ssosettings', {
      ...masked,
      oktaClientId: '0oa2client',
    });
    expect(post.json()).toEqual({ ...masked, oktaClientId: '0oa2client' });
    expect((await stored(t.org.id))?.oktaClientSecret).toBe('s3cret-value');

    // A new secret replaces it; '' clears it.
    await t.superAdmin.request('PUT', '/api/ssosettings', { ...okta, oktaClientSecret: 'rotated' });
    expect((await stored(t.org.id))?.oktaClientSecret).toBe('rotated');
    const cleared = await t.superAdmin.request('PUT', '/api/ssosettings', { ...okta, oktaClientSecret: '' });
    expect(cleared.json().oktaClientSecret).toBe('');
    expect((await stored(t.org.id))?.oktaClientSecret).toBe('');
  });

  it('rejects a non-https issuer and bad input with 400 and stores nothing', async () => {
    const t = await tenant();
    await t.superAdmin.request('PUT', '/api/ssosettings', okta);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ oktaIssuer: 'http://acme.okta.com' }, new RegExp(SSO_MSG.issuerHttps)],
      [{ oktaIssuer: 'not a url' }, new RegExp(SSO_MSG.issuerHttps)],
      [{ oktaClientId: 42 }, /oktaClientId/],
      [{ entraTenant: 'x'.repeat(501) }, /entraTenant/],
    ];
    for (const [patch, message] of cases) {
      const res = await t.superAdmin.request('PUT', '/api/ssosettings', { ...okta, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.admin.request('GET', '/api/ssosettings')).json()).toEqual({
      ...okta,
      oktaClientSecret: SSO_SECRET_MASK,
    });
  });

  it('requires authentication', async () => {
    expect((await anonymous(app).request('GET', '/api/ssosettings')).statusCode).toBe(401);
    expect((await anonymous(app).request('PUT', '/api/ssosettings', okta)).statusCode).toBe(401);
    expect((await anonymous(app).request('POST', '/api/ssosettings', okta)).statusCode).toBe(401);
  });

  it('needs create on ssosettings to read or write (403)', async () => {
    const t = await makeTenant(app);
    for (const client of [t.manager, t.viewer]) {
      expect((await client.request('GET', '/api/ssosettings')).statusCode).toBe(403);
      expect((await client.request('PUT', '/api/ssosettings', okta)).statusCode).toBe(403);
      expect((await client.request('POST', '/api/ssosettings', okta)).statusCode).toBe(403);
    }
    expect(await stored(t.org.id)).toBeUndefined();
  });

  it("keeps each organization's record to itself", async () => {
    const a = await tenant();
    const b = await tenant();
    await a.superAdmin.request('PUT', '/api/ssosettings', okta);
    expect((await b.admin.request('GET', '/api/ssosettings')).json()).toEqual(SSO_SETTINGS_DEFAULTS);
    await b.superAdmin.request('PUT', '/api/ssosettings', { ...okta, oktaIssuer: 'https://b.okta.com' });
    expect((await a.admin.request('GET', '/api/ssosettings')).json().oktaIssuer).toBe(okta.oktaIssuer);
  });
});
