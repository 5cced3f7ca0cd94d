import {
  IdParams,
  Organization,
  OrganizationCreateInput,
  OrganizationInput,
  OrganizationListQuery,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';

export function registerOrganizationRoutes(app: App) {
  const { db, storage } = app.ctx;
  const tags = ['organizations'];

  app.get(
    '/api/organizations',
    { schema: { tags, querystring: OrganizationListQuery, response: { 200: z.array(Organization) } } },
    async (req, reply) => {
      return sendList(reply, await service.listOrganizations(db, callerOf(req), req.query));
    },
  );
  app.get(
    '/api/organizations/:id',
    { schema: { tags, params: IdParams, response: { 200: Organization } } },
    (req) => service.getOrganization(db, callerOf(req), req.params.id),
  );
  app.post(
    '/api/organizations',
    { schema: { tags, body: OrganizationCreateInput, response: { 200: Organization } } },
    (req) => service.createOrganization(app.ctx, callerOf(req), req.body),
  );
  app.put(
    '/api/organizations/:id',
    { schema: { tags, params: IdParams, body: OrganizationInput, response: { 200: Organization } } },
    (req) => service.updateOrganization(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/organizations/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteOrganization(db, storage, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
}
