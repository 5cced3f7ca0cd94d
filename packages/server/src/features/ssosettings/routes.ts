import { SsoSettings } from '@sightline/shared';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { registerSsoAvailabilityRoutes } from './available.js';
import * as service from './service.js';

export function registerSsoSettingsRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['ssosettings'];
  const write = { schema: { tags, body: SsoSettings, response: { 200: SsoSettings } } };

  app.get('/api/ssosettings', { schema: { tags, response: { 200: SsoSettings } } }, (req) =>
    service.getSsoSettings(db, callerOf(req)),
  );
  // PUT and POST are the same upsert: the record has no id (SPEC §2.13).
  app.put('/api/ssosettings', write, (req) => service.saveSsoSettings(db, callerOf(req), req.body));
  app.post('/api/ssosettings', write, (req) => service.saveSsoSettings(db, callerOf(req), req.body));
  registerSsoAvailabilityRoutes(app);
}
