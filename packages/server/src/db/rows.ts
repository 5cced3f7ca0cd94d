/**
 * The row types of the tables, declared once: a row as read (`XRow`) and as inserted (`NewXRow`).
 * Every layer imports them from here.
 */
import type {
  apiKeys,
  auditRows,
  categories,
  endpointStatus,
  endpoints,
  events,
  exceptions,
  images,
  locationTags,
  maps,
  organizations,
  reportConfigs,
  sites,
  ssoSettings,
  things,
  thingTags,
  users,
  userTotp,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhooks,
  zones,
} from './schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type AuditRowRecord = typeof auditRows.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type EndpointRow = typeof endpoints.$inferSelect;
export type EndpointStatusRow = typeof endpointStatus.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type ExceptionRow = typeof exceptions.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;
export type LocationTagRow = typeof locationTags.$inferSelect;
export type MapRow = typeof maps.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type ReportConfigRow = typeof reportConfigs.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
export type SsoRow = typeof ssoSettings.$inferSelect;
export type ThingRow = typeof things.$inferSelect;
export type NewThingRow = typeof things.$inferInsert;
export type NewThingTagRow = typeof thingTags.$inferInsert;
export type TotpRow = typeof userTotp.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
