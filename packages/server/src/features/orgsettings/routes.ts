import { OrgSettingsQuery, SiteSettings, SiteSettingsInput } from '@sightline/shared';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import * as service from './service.js';

export function registerOrgSettingsRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['settings'];

  app.get(
    '/api/orgsettings',
    { schema: { tags, querystring: OrgSettingsQuery, response: { 200: SiteSettings } } },
    (req) => service.getSettings(db, callerOf(req), req.query.site),
  );
  app.post(
    '/api/orgsettings',
    {
      schema: {
        tags,
        querystring: OrgSettingsQuery,
        body: SiteSettingsInput,
        response: { 200: SiteSettings },
      },
    },
    (req) => service.saveSettings(db, callerOf(req), req.query.site, req.body),
  );
}
