import {
  LoginBody,
  LoginResult,
  OkResponse,
  PasswordResetBody,
  PasswordResetCheckBody,
  PasswordResetRequestQuery,
  SESSION_ABSOLUTE_MS,
} from '@sightline/shared';
import type { App } from '../../platform/context.js';
import { sha256 } from '../../platform/crypto.js';
import { revokeSession, SESSION_COOKIE } from '../../platform/sessions.js';
import { subdomainOf } from '../organizations/host.js';
import { completeSsoLink, SSO_LINK_COOKIE, SSO_LINK_COOKIE_PATH } from '../sso/links.js';
import { presentUser } from '../users/presenter.js';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset.js';
import * as service from './service.js';

export function registerAuthRoutes(app: App) {
  const { db, config } = app.ctx;
  const tags = ['auth'];
  const open = { public: true };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.publicUrl.startsWith('https://'),
  };

  app.post(
    '/api/auth/login',
    { config: open, schema: { tags, body: LoginBody, response: { 200: LoginResult } } },
    async (req, reply) => {
      const result = await service.login(
        db,
        { ...req.body, ip: req.ip, hostSubdomain: subdomainOf(req.headers.host) },
        config.loginRateWindowMs,
      );
      // A single sign-on waiting for this account's password to link it: the password proved it.
      const linkToken = req.cookies[SSO_LINK_COOKIE];
      if (linkToken) {
        await completeSsoLink(db, linkToken, result.user.id);
        reply.clearCookie(SSO_LINK_COOKIE, { ...cookieOptions, path: SSO_LINK_COOKIE_PATH });
      }
      if ('secondStep' in result) return result.secondStep; // features/totp: a code is needed, no session yet
      reply.setCookie(SESSION_COOKIE, result.token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      return presentUser(result.user);
    },
  );

  app.post(
    '/api/auth/logout',
    { config: open, schema: { tags, response: { 200: OkResponse } } },
    async (req, reply) => {
      // Logout always clears the cookie; a valid session is revoked server-side too.
      const token = req.cookies[SESSION_COOKIE];
      if (token) await revokeSession(db, sha256(token));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/passwordresetrequest',
    { config: open, schema: { tags, querystring: PasswordResetRequestQuery, response: { 200: OkResponse } } },
    async (req) => {
      // Answered before the lookup and the mail, so neither the answer nor its timing tells
      // whether the account exists.
      void requestPasswordReset(app.ctx, req.query.email).catch((err: unknown) =>
        req.log.error({ err }, 'password reset request failed'),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/passwordreset/check',
    { config: open, schema: { tags, body: PasswordResetCheckBody, response: { 200: OkResponse } } },
    async (req) => {
      await checkResetToken(db, req.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/passwordreset',
    { config: open, schema: { tags, body: PasswordResetBody, response: { 200: OkResponse } } },
    async (req) => {
      await resetPassword(db, req.body.token, req.body.password);
      return { ok: true as const };
    },
  );
}
