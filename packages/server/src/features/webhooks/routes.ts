import {
  DeliveryListQuery,
  DeliveryParams,
  IdParams,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookListQuery,
  WebhookWithSecret,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import * as service from './service.js';
import './filter-engine.js';
import { demoReceiverUrl } from '../../config.js';

export function registerWebhookRoutes(app: App) {
  const { db, config } = app.ctx;
  const deps: service.WebhookDeps = {
    db,
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    trustedTarget: demoReceiverUrl(config),
  };
  const tags = ['webhooks'];

  app.get(
    '/api/webhooks',
    { schema: { tags, querystring: WebhookListQuery, response: { 200: z.array(Webhook) } } },
    async (req, reply) => {
      return sendList(reply, await service.listWebhooks(db, callerOf(req), req.query));
    },
  );
  app.get('/api/webhooks/:id', { schema: { tags, params: IdParams, response: { 200: Webhook } } }, (req) =>
    service.getWebhook(db, callerOf(req), req.params.id),
  );
  app.post(
    '/api/webhooks',
    { schema: { tags, body: WebhookInput, response: { 200: WebhookWithSecret } } },
    (req) => service.createWebhook(deps, callerOf(req), req.body),
  );
  app.put(
    '/api/webhooks/:id',
    { schema: { tags, params: IdParams, body: WebhookInput, response: { 200: Webhook } } },
    (req) => service.updateWebhook(deps, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/webhooks/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteWebhook(db, callerOf(req), req.params.id);
    return reply.status(204).send();
  });
  app.post(
    '/api/webhooks/:id/secret',
    { schema: { tags, params: IdParams, response: { 200: WebhookWithSecret } } },
    (req) => service.rotateSecret(db, callerOf(req), req.params.id),
  );
  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        params: IdParams,
        querystring: DeliveryListQuery,
        response: { 200: z.array(WebhookDelivery) },
      },
    },
    (req) => service.listDeliveries(db, callerOf(req), req.params.id, req.query.limit),
  );
  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        params: DeliveryParams,
        response: { 200: WebhookDelivery },
      },
    },
    (req) => service.redeliver(db, callerOf(req), req.params.id, req.params.deliveryId),
  );
  app.post(
    '/api/webhooks/:id/test',
    { schema: { tags, params: IdParams, response: { 200: WebhookDelivery } } },
    (req) => service.sendTest(deps, callerOf(req), req.params.id),
  );
}
