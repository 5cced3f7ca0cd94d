/**
 * A site-limited caller of a tenant: `makeSiteLimited(app, orgId, opts?)` adds a site to the
 * organization and signs in a user of `role` (a viewer by default) whose sites are `sites` (the
 * new site by default), so a test reads what a caller outside the tenant's first site sees.
 */
import type { App } from '../../src/platform/context.js';
import { login, makeSite, makeUser, PASSWORD, type RoleName } from './app.factory.js';

export async function makeSiteLimited(
  app: App,
  orgId: string,
  opts: { role?: RoleName; siteName?: string; sites?: string[] } = {},
) {
  const site = await makeSite(app, orgId, opts.siteName);
  const user = await makeUser(app, orgId, { role: opts.role ?? 'viewer', sites: opts.sites ?? [site.id] });
  const client = await login(app, user.username, PASSWORD, user.id);
  return { site, user, client };
}
