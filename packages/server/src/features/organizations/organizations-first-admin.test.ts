/** Creating an organization creates its first Admin, who gets an activation mail. */
import { ROLE_IDS } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeMailApp, setPasswordLink, waitForMails } from '../../../test/factories/outbox.factory.js';
import { anonymous, login, makeSuperAdmin, makeTenant } from '../../../test/factories.js';
import { organizations, users } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

const { app, outbox } = await makeMailApp();

describe('POST /api/organizations creates the first Admin', () => {
  it('mails the first Admin an activation link that signs them in to the new organization', async () => {
    const t = await makeTenant(app);
    const root = await makeSuperAdmin(app, t.org.id);
    const adminEmail = `founder-${newId()}@example.com`;
    const created = await root.request('POST', '/api/organizations', {
      name: 'Fresh Start',
      subdomain: `fresh-${newId().slice(-10)}`,
      adminName: 'Fiona Founder',
      adminEmail,
    });
    expect(created.statusCode).toBe(200);
    const org = created.json();
    expect(org).not.toHaveProperty('adminEmail');

    const [mail] = await waitForMails(outbox, adminEmail);
    if (!mail) throw new Error('no activation mail');
    expect(mail.subject).toBe('Your Sightline account');
    const password = 'Founding-Day-Otter-58';
    const set = await anonymous(app).request('POST', '/api/auth/passwordreset', {
      token: setPasswordLink(mail).token,
      password,
    });
    expect(set.statusCode).toBe(200);
    const founder = await login(app, adminEmail, password);
    const me = (await founder.request('GET', '/api/users/me')).json();
    expect(me).toMatchObject({
      name: 'Fiona Founder',
      roles: [ROLE_IDS.admin],
      securityCtx: { sites: ['*'] },
    });
    // The founder administers the new organization: it may create its first site.
    const site = await founder.request('POST', '/api/sites', {
      name: 'First Site',
      startDate: '2024-01-01T00:00:00.000Z',
      timezone: { id: 'UTC' },
    });
    expect(site.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.username, adminEmail));
    expect(row?.orgId).toBe(org._id);
  });

  it('stores neither the organization nor the admin when the email is taken', async () => {
    const t = await makeTenant(app);
    const root = await makeSuperAdmin(app, t.org.id);
    const subdomain = `taken-${newId().slice(-10)}`;
    const res = await root.request('POST', '/api/organizations', {
      name: 'Clash',
      subdomain,
      adminName: 'Clash Admin',
      adminEmail: t.viewer.username,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('adminEmail');
    expect(
      await app.ctx.db.select().from(organizations).where(eq(organizations.subdomain, subdomain)),
    ).toEqual([]);
  });
});
