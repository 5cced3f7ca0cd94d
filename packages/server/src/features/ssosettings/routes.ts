import { SsoSettings, SsoSettingsQuery } from '@sightline/shared';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { registerSsoAvailabilityRoutes } from './available.js';
import * as service from './service.js';

export function registerSsoSettingsRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['ssosettings'];
  const querystring = SsoSettingsQuery;
  const write = { schema: { tags, querystring, body: SsoSettings, response: { 200: SsoSettings } } };

  app.get('/api/ssosettings', { schema: { tags, querystring, response: { 200: SsoSettings } } }, (req) =>
    service.getSsoSettings(db, callerOf(req), req.query.org),
  );
  // PUT and POST are the same upsert: the record has no id.
  app.put('/api/ssosettings', write, (req) =>
    service.saveSsoSettings(app.ctx, callerOf(req), req.body, req.query.org),
  );
  app.post('/api/ssosettings', write, (req) =>
    service.saveSsoSettings(app.ctx, callerOf(req), req.body, req.query.org),
  );
  registerSsoAvailabilityRoutes(app);
}
