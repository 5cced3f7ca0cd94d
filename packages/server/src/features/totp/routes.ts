/**
 * Second-factor routes: the sign-in's second step (public, with the pending-login token), the
 * signed-in user's own set-up in userMe, and an administrator's reset in the user editor.
 */
import {
  IdParams,
  OkResponse,
  SESSION_ABSOLUTE_MS,
  TotpCodeBody,
  TotpEnrolResult,
  TotpLoginBody,
  TotpPendingBody,
  TotpRecoveryCodes,
  TotpSetup,
  TotpStatus,
  User,
} from '@sightline/shared';
import type { FastifyReply } from 'fastify';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { presentUser } from '../users/presenter.js';
import * as service from './service.js';

export function registerTotpRoutes(app: App) {
  const { db, config } = app.ctx;
  const tags = ['auth'];
  const open = { public: true };
  const attempt = (ip: string) => ({ ip, rateWindowMs: config.loginRateWindowMs });
  const setSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https://'),
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });

  app.post(
    '/api/auth/totp',
    { config: open, schema: { tags, body: TotpLoginBody, response: { 200: User } } },
    async (req, reply) => {
      const { token, user } = await service.loginWithCode(
        db,
        req.body.pendingToken,
        req.body.code,
        attempt(req.ip),
      );
      setSession(reply, token);
      return presentUser(user);
    },
  );
  app.post(
    '/api/auth/totp/setup',
    { config: open, schema: { tags, body: TotpPendingBody, response: { 200: TotpSetup } } },
    (req) => service.enrolSetup(db, req.body.pendingToken),
  );
  app.post(
    '/api/auth/totp/enrol',
    { config: open, schema: { tags, body: TotpLoginBody, response: { 200: TotpEnrolResult } } },
    async (req, reply) => {
      const result = await service.enrolConfirm(db, req.body.pendingToken, req.body.code, attempt(req.ip));
      setSession(reply, result.token);
      return { user: presentUser(result.user), recoveryCodes: result.recoveryCodes };
    },
  );

  const mine = ['users'];
  app.get('/api/users/me/totp', { schema: { tags: mine, response: { 200: TotpStatus } } }, (req) =>
    service.status(db, callerOf(req)),
  );
  app.post('/api/users/me/totp/setup', { schema: { tags: mine, response: { 200: TotpSetup } } }, (req) =>
    service.setup(db, callerOf(req)),
  );
  app.post(
    '/api/users/me/totp/enable',
    { schema: { tags: mine, body: TotpCodeBody, response: { 200: TotpRecoveryCodes } } },
    (req) => service.enable(db, callerOf(req), req.body.code, attempt(req.ip)),
  );
  app.post(
    '/api/users/me/totp/disable',
    { schema: { tags: mine, body: TotpCodeBody, response: { 200: OkResponse } } },
    async (req) => {
      await service.disable(db, callerOf(req), req.body.code, attempt(req.ip));
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/users/:id/totp',
    { schema: { tags: mine, params: IdParams, response: { 200: OkResponse } } },
    async (req) => {
      await service.adminReset(db, callerOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
