import { SiteSettings, SiteSettingsInput, SiteSettingsQuery } from '@sightline/shared';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import * as service from './service.js';

export function registerSiteSettingsRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['settings'];

  app.get(
    '/api/orgsettings',
    { schema: { tags, querystring: SiteSettingsQuery, response: { 200: SiteSettings } } },
    (req) => service.getSettings(db, callerOf(req), req.query.site),
  );
  app.post(
    '/api/orgsettings',
    {
      schema: {
        tags,
        querystring: SiteSettingsQuery,
        body: SiteSettingsInput,
        response: { 200: SiteSettings },
      },
    },
    (req) => service.saveSettings(db, callerOf(req), req.query.site, req.body),
  );
}
