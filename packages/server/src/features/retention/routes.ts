import { RetentionPolicy, RetentionPolicyInput, RetentionRunResult, StorageReport } from '@sightline/shared';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import * as service from './service.js';

export function registerRetentionRoutes(app: App) {
  const { ctx } = app;
  const tags = ['retention'];

  app.get('/api/retention', { schema: { tags, response: { 200: RetentionPolicy } } }, (req) =>
    service.getRetention(ctx.db, callerOf(req)),
  );
  app.put(
    '/api/retention',
    { schema: { tags, body: RetentionPolicyInput, response: { 200: RetentionPolicy } } },
    (req) => service.saveRetention(ctx.db, callerOf(req), req.body),
  );
  app.post('/api/retention/run', { schema: { tags, response: { 200: RetentionRunResult } } }, (req) =>
    service.runRetention(ctx, callerOf(req)),
  );
  app.get('/api/storage', { schema: { tags, response: { 200: StorageReport } } }, (req) =>
    service.getStorage(ctx, callerOf(req)),
  );
}
