import {
  CheckEmailBody,
  CheckEmailResult,
  IdParams,
  ProfileInput,
  User,
  UserCreateQuery,
  UserInput,
  UserListQuery,
  Username,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as me from './me.js';
import * as service from './service.js';

export function registerUserRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['users'];

  app.get(
    '/api/users',
    { schema: { tags, querystring: UserListQuery, response: { 200: z.array(User) } } },
    async (req, reply) => {
      return sendList(reply, await service.listUsers(db, callerOf(req), req.query));
    },
  );
  app.post(
    '/api/users',
    { schema: { tags, querystring: UserCreateQuery, body: UserInput, response: { 200: User } } },
    (req) => service.createUser(app.ctx, callerOf(req), req.body, req.query['send-email']),
  );

  // Registered before /:id; Fastify prefers the static segment anyway.
  app.get('/api/users/me', { schema: { tags, response: { 200: User } } }, (req) =>
    me.getMe(db, callerOf(req)),
  );
  app.put('/api/users/me', { schema: { tags, body: ProfileInput, response: { 200: User } } }, (req) =>
    me.updateMe(app.ctx, callerOf(req), req.body, {
      ip: req.ip,
      rateWindowMs: app.ctx.config.loginRateWindowMs,
    }),
  );

  app.get('/api/users/:id', { schema: { tags, params: IdParams, response: { 200: User } } }, (req) =>
    service.getUser(db, callerOf(req), req.params.id),
  );
  app.put(
    '/api/users/:id',
    { schema: { tags, params: IdParams, body: UserInput, response: { 200: User } } },
    (req) => service.updateUser(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/users/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteUser(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });

  app.get('/api/usernames', { schema: { tags, response: { 200: z.array(Username) } } }, (req) =>
    service.listUsernames(db, callerOf(req)),
  );
  app.get('/api/usernames/:id', { schema: { tags, params: IdParams, response: { 200: Username } } }, (req) =>
    service.getUsername(db, callerOf(req), req.params.id),
  );
  app.post(
    '/api/check/email',
    { schema: { tags, body: CheckEmailBody, response: { 200: CheckEmailResult } } },
    (req) => service.checkEmail(db, callerOf(req), req.body.email),
  );
}
