import { AccessRule, AccessRulesQuery, Role, RolesQuery } from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import * as service from './service.js';

export function registerRoleRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['roles'];

  app.get(
    '/api/roles',
    { schema: { tags, querystring: RolesQuery, response: { 200: z.array(Role) } } },
    (req) => service.listRoles(db, callerOf(req), req.query.sort),
  );
  app.get(
    '/api/accessRules',
    { schema: { tags, querystring: AccessRulesQuery, response: { 200: z.array(AccessRule) } } },
    (req) => service.listAccessRules(db, callerOf(req), req.query.roles),
  );
}
