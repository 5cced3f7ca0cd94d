import { MSG, SSO_MSG } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp, makeOrg, makeSuperAdmin, makeTenant } from '../../../test/factories.js';
import { organizations, ssoSettings } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { OPTIONS_PER_WINDOW } from './available.js';

const app = await makeApp({ entraClientId: 'sightline-entra-app', ssoAllowPrivate: true });
const okta = {
  oktaIssuer: 'https://acme.okta.com',
  oktaClientId: '0oa1client',
  oktaClientSecret: 's3cret',
  entraTenant: 'acme.onmicrosoft.com',
};
const available = (target: App, provider: 'okta' | 'entra', host?: string) =>
  target.inject({ method: 'GET', url: `/auth/${provider}/available`, headers: host ? { host } : {} });
const enable = (target: App, orgId: string, flags: { oktaEnabled?: boolean; entraEnabled?: boolean }) =>
  target.ctx.db.update(organizations).set(flags).where(eq(organizations.id, orgId));

describe('/auth/{provider}/available', () => {
  it('answers 200 for the host organization when the provider is enabled and configured', async () => {
    const t = await makeTenant(app);
    const host = `${t.org.subdomain}.sightline.example`;
    await (await makeSuperAdmin(app, t.org.id)).request('PUT', '/api/ssosettings', okta);
    await enable(app, t.org.id, { oktaEnabled: true, entraEnabled: true });
    for (const provider of ['okta', 'entra'] as const) {
      const res = await available(app, provider, host);
      expect(res.statusCode, provider).toBe(200);
      expect(res.json()).toEqual({ available: true });
    }
  });

  it('answers 404 with a message when disabled or incomplete', async () => {
    const t = await makeTenant(app);
    const host = `${t.org.subdomain}.sightline.example`;
    await (await makeSuperAdmin(app, t.org.id)).request('PUT', '/api/ssosettings', okta);
    const disabled = await available(app, 'okta', host);
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toEqual({ message: SSO_MSG.oktaUnavailable });
    expect((await available(app, 'entra', host)).json()).toEqual({ message: SSO_MSG.entraUnavailable });

    await enable(app, t.org.id, { oktaEnabled: true, entraEnabled: true });
    await (await makeSuperAdmin(app, t.org.id)).request('PUT', '/api/ssosettings', {
      ...okta,
      oktaClientSecret: '',
      entraTenant: '',
    });
    expect((await available(app, 'okta', host)).statusCode).toBe(404);
    expect((await available(app, 'entra', host)).statusCode).toBe(404);
  });

  it("does not use another organization's settings", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    await (await makeSuperAdmin(app, a.org.id)).request('PUT', '/api/ssosettings', okta);
    await enable(app, a.org.id, { oktaEnabled: true });
    expect((await available(app, 'okta', `${a.org.subdomain}.sightline.example`)).statusCode).toBe(200);
    expect((await available(app, 'okta', `${b.org.subdomain}.sightline.example`)).statusCode).toBe(404);
    // More than one organization and no subdomain: no organization, so nothing is available.
    expect((await available(app, 'okta', 'localhost:8080')).statusCode).toBe(404);
  });

  it('falls back to the only organization when the host names none, and needs ENTRA_CLIENT_ID', async () => {
    // A database of its own (PGlite), so it holds exactly one organization; no ENTRA_CLIENT_ID.
    const single = await makeApp({ databaseUrl: undefined });
    const org = await makeOrg(single);
    await single.ctx.db.insert(ssoSettings).values({ orgId: org.id, ...okta });
    await enable(single, org.id, { oktaEnabled: true, entraEnabled: true });
    expect((await available(single, 'okta', 'localhost:8080')).statusCode).toBe(200);
    expect((await available(single, 'okta', '10.0.0.5')).statusCode).toBe(200);
    expect((await available(single, 'okta', `${org.subdomain}.sightline.example`)).statusCode).toBe(200);
    expect((await available(single, 'entra', `${org.subdomain}.sightline.example`)).statusCode).toBe(404);
    // A new PGlite database runs every migration first: longer than one test's default when busy.
  }, 120_000);
});

describe('/auth/options', () => {
  const options = (target: App, host?: string) =>
    target.inject({ method: 'GET', url: '/auth/options', headers: host ? { host } : {} });

  it('answers without a session: the providers the host organization can sign in with, never a setting', async () => {
    const t = await makeTenant(app);
    const host = `${t.org.subdomain}.sightline.example`;
    expect((await options(app, host)).json()).toEqual({ providers: [] });
    await (await makeSuperAdmin(app, t.org.id)).request('PUT', '/api/ssosettings', okta);
    await enable(app, t.org.id, { oktaEnabled: true });
    const res = await options(app, host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ['okta'] });
    for (const secret of Object.values(okta)) expect(res.body).not.toContain(secret);
    await enable(app, t.org.id, { entraEnabled: true });
    expect((await options(app, host)).json()).toEqual({ providers: ['okta', 'entra'] });
  });

  it("never answers another organization's providers, and answers none when the host names no organization", async () => {
    const a = await makeTenant(app);
    const b = await makeTenant(app);
    await (await makeSuperAdmin(app, a.org.id)).request('PUT', '/api/ssosettings', okta);
    await enable(app, a.org.id, { oktaEnabled: true });
    expect((await options(app, `${b.org.subdomain}.sightline.example`)).json()).toEqual({ providers: [] });
    const none = await options(app, 'localhost:8080');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ providers: [] });
  });

  it('answers 429 past its budget for one address; another address still gets its answer', async () => {
    const one = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/auth/options', remoteAddress, headers: { host: 'localhost:8080' } });
    const statuses: number[] = [];
    for (let i = 0; i < OPTIONS_PER_WINDOW + 1; i += 1) statuses.push((await one('10.200.1.1')).statusCode);
    expect(statuses.slice(0, OPTIONS_PER_WINDOW).every((s) => s === 200)).toBe(true);
    const refused = await one('10.200.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MSG.tooManyRequests });
    expect((await one('10.200.1.2')).statusCode).toBe(200);
  });
});
