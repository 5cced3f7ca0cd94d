/** Every feature's routes, registered by buildApp. One line per feature. */
import type { App } from '../platform/context.js';
import { registerApiKeyRoutes } from './apikeys/routes.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerCatalogRoutes } from './catalog/routes.js';
import { registerCategoryRoutes } from './categories/routes.js';
import { registerEndpointRoutes } from './endpoints/routes.js';
import { registerEventRoutes } from './events/routes.js';
import { registerExceptionRoutes } from './exceptions/routes.js';
import { registerIngestRoutes } from './ingest/routes.js';
import { registerLiveRoutes } from './live/routes.js';
import { registerLocationTagRoutes } from './locationtags/routes.js';
import { registerMapRoutes } from './maps/routes.js';
import { registerMessageRoutes } from './messages/routes.js';
import { registerOrganizationRoutes } from './organizations/routes.js';
import { registerOrgSettingsRoutes } from './orgsettings/routes.js';
import { registerRoleRoutes } from './roles/routes.js';
import { registerSiteRoutes } from './sites/routes.js';
import { registerSsoSettingsRoutes } from './ssosettings/routes.js';
import { registerThingRoutes } from './things/routes.js';
import { registerTimezoneRoutes } from './timezones/routes.js';
import { registerUserRoutes } from './users/routes.js';
import { registerWebhookRoutes } from './webhooks/routes.js';
import { registerZoneRoutes } from './zones/routes.js';

export async function registerFeatures(app: App): Promise<void> {
  registerAuthRoutes(app);
  registerCatalogRoutes(app);
  registerCategoryRoutes(app);
  registerZoneRoutes(app);
  registerLiveRoutes(app);
  registerLocationTagRoutes(app);
  registerMapRoutes(app);
  registerRoleRoutes(app);
  registerSiteRoutes(app);
  registerThingRoutes(app);
  registerUserRoutes(app);
  registerApiKeyRoutes(app);
  registerEndpointRoutes(app);
  registerEventRoutes(app);
  registerExceptionRoutes(app);
  registerIngestRoutes(app);
  registerOrganizationRoutes(app);
  registerOrgSettingsRoutes(app);
  registerSsoSettingsRoutes(app);
  registerTimezoneRoutes(app);
  registerWebhookRoutes(app);
  registerMessageRoutes(app);
}
