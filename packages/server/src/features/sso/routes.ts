/**
 * Browser routes of single sign-on: /auth/{okta,entra}/redirect sends the browser to the
 * provider, /auth/{okta,entra}/callback comes back. Every failure lands on /login?error=... .
 */
import { IdParams, SESSION_ABSOLUTE_MS, SsoLinkBody, SsoLinkParams, SsoLinks } from '@sightline/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { clientOf } from '../audit/actors.js';
import { grantSsoLink, removeSsoLink, SSO_LINK_COOKIE, SSO_LINK_COOKIE_PATH, ssoLinks } from './links.js';
import { finishSignIn, SSO_ERRORS, SSO_STATE_TTL_MS, SsoError, startSignIn } from './service.js';

const SSO_BINDING_COOKIE = 'sl_sso';

const RedirectQuery = z.object({ referer: z.string().max(2000).optional() });

export function registerSsoRoutes(app: App) {
  const { db, config } = app.ctx;
  const secure = config.publicUrl.startsWith('https://');
  // Lax, not Strict: the provider's redirect back is a cross-site navigation that must carry it.
  const bindingCookie = { path: '/auth/', httpOnly: true, sameSite: 'lax' as const, secure };
  const linkCookie = { path: SSO_LINK_COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure };

  const toLogin = (reply: FastifyReply, message: string) =>
    reply.redirect(`/login?${new URLSearchParams({ error: message })}`, 302);

  for (const provider of ['okta', 'entra'] as const) {
    app.get(
      `/auth/${provider}/redirect`,
      { config: { public: true }, schema: { tags: ['auth'], querystring: RedirectQuery, hide: true } },
      async (req, reply) => {
        try {
          const { url, binding } = await startSignIn(
            db,
            config,
            provider,
            req.headers.host,
            req.query.referer,
          );
          reply.setCookie(SSO_BINDING_COOKIE, binding, { ...bindingCookie, maxAge: SSO_STATE_TTL_MS / 1000 });
          return reply.redirect(url, 302);
        } catch (err) {
          if (!(err instanceof SsoError)) req.log.error({ err }, 'sso redirect failed');
          return toLogin(reply, err instanceof SsoError ? err.message : SSO_ERRORS.unreachable);
        }
      },
    );

    app.get(
      `/auth/${provider}/callback`,
      { config: { public: true }, schema: { tags: ['auth'], hide: true } },
      async (req, reply) => {
        reply.clearCookie(SSO_BINDING_COOKIE, bindingCookie);
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        try {
          const outcome = await finishSignIn(db, config, provider, req.cookies[SSO_BINDING_COOKIE], query, {
            ...clientOf(req),
            host: req.headers.host,
          });
          if (outcome.kind === 'link') {
            // The account's password, entered on the login page, confirms the link.
            reply.setCookie(SSO_LINK_COOKIE, outcome.linkToken, {
              ...linkCookie,
              maxAge: SSO_STATE_TTL_MS / 1000,
            });
            return reply.redirect(
              `/login?${new URLSearchParams({ link: provider, username: outcome.username })}`,
              302,
            );
          }
          if (outcome.kind === 'secondStep') {
            // The pending sign-in travels in the fragment, which no server or Referer header sees.
            const after = outcome.referer ? `?${new URLSearchParams({ referer: outcome.referer })}` : '';
            return reply.redirect(`/login${after}#${new URLSearchParams({ ...outcome.step })}`, 302);
          }
          reply.setCookie(SESSION_COOKIE, outcome.sessionToken, {
            path: '/',
            httpOnly: true,
            sameSite: 'strict',
            secure,
            maxAge: SESSION_ABSOLUTE_MS / 1000,
          });
          return reply.redirect(outcome.referer ?? '/items', 302);
        } catch (err) {
          if (!(err instanceof SsoError)) req.log.error({ err }, 'sso callback failed');
          else req.log.warn({ provider, reason: err.message }, 'sso sign-in refused');
          return toLogin(reply, err instanceof SsoError ? err.message : SSO_ERRORS.invalid);
        }
      },
    );
  }

  // An administrator's view of a user's links: consent to link by email, or remove a link.
  const tags = ['users'];
  app.get(
    '/api/users/:id/ssolinks',
    { schema: { tags, params: IdParams, response: { 200: SsoLinks } } },
    (req) => ssoLinks(db, callerOf(req), req.params.id),
  );
  app.post(
    '/api/users/:id/ssolinks',
    { schema: { tags, params: IdParams, body: SsoLinkBody, response: { 200: SsoLinks } } },
    (req) => grantSsoLink(db, callerOf(req), req.params.id, req.body.provider),
  );
  app.delete(
    '/api/users/:id/ssolinks/:provider',
    { schema: { tags, params: SsoLinkParams, response: { 200: SsoLinks } } },
    (req) => removeSsoLink(db, callerOf(req), req.params.id, req.params.provider),
  );
}
