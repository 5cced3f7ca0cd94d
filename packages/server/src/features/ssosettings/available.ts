/**
 * GET /auth/{okta,entra}/available: public, 200 when the request's organization can
 * sign in with that provider, 404 otherwise. GET /auth/options: public, the providers the
 * organization can sign in with (for the login page, which asks once and never meets a 404); it
 * names providers only, never a setting, and answers 429 past OPTIONS_PER_WINDOW requests from one
 * address within the sign-in window (LOGIN_RATE_WINDOW_MS). The organization is the one named by the Host's
 * subdomain, else the only one when there is exactly one (as for login).
 */
import { MSG, SignInOptions, SSO_MSG, SSO_PROVIDERS, SsoAvailable } from '@sightline/shared';
import type { FastifySchema } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { App } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { requestWindow } from '../../platform/request-window.js';
import { findOrgBySubdomain, subdomainOf } from '../organizations/host.js';
import * as repo from './repository.js';

export type SsoProvider = 'okta' | 'entra';

async function requestOrganization(db: Db, host: string | undefined) {
  const subdomain = subdomainOf(host);
  const named = subdomain ? await findOrgBySubdomain(db, subdomain) : undefined;
  return named ?? (await repo.onlyOrganization(db));
}

async function providerAvailable(
  db: Db,
  config: Config,
  provider: SsoProvider,
  host: string | undefined,
): Promise<boolean> {
  const org = await requestOrganization(db, host);
  if (!org) return false;
  const sso = await repo.findSsoSettings(db, org.id);
  if (provider === 'okta') {
    return org.oktaEnabled && !!sso?.oktaIssuer && !!sso.oktaClientId && !!sso.oktaClientSecret;
  }
  return org.entraEnabled && !!sso?.entraTenant && !!config.entraClientId;
}

/** Far above what a person opening the login page asks; a loop scraping the route meets the limit. */
export const OPTIONS_PER_WINDOW = 30;

export function registerSsoAvailabilityRoutes(app: App) {
  const { db, config } = app.ctx;
  const allowed = requestWindow(OPTIONS_PER_WINDOW, config.loginRateWindowMs);
  app.get(
    '/auth/options',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: SignInOptions }, 'x-errors': [429] } as FastifySchema,
    },
    async (req): Promise<SignInOptions> => {
      if (!allowed(req.ip)) throw new HttpError(429, MSG.tooManyRequests);
      const providers: SignInOptions['providers'] = [];
      for (const provider of SSO_PROVIDERS) {
        if (await providerAvailable(db, config, provider, req.headers.host)) providers.push(provider);
      }
      return { providers };
    },
  );
  for (const provider of SSO_PROVIDERS) {
    app.get(
      `/auth/${provider}/available`,
      {
        config: { public: true },
        schema: { tags: ['auth'], response: { 200: SsoAvailable }, 'x-errors': [404] } as FastifySchema,
      },
      async (req) => {
        if (!(await providerAvailable(db, config, provider, req.headers.host))) {
          throw new HttpError(404, provider === 'okta' ? SSO_MSG.oktaUnavailable : SSO_MSG.entraUnavailable);
        }
        return { available: true as const };
      },
    );
  }
}
