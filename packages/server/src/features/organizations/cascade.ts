/**
 * Deleting an organization deletes everything it owns, in one transaction, so no row is left
 * pointing at a tenant that no longer exists — but its history: the raw sightings and heartbeats
 * of its endpoints, the events, stays and exceptions of its sites and its webhooks' deliveries
 * are listed for the retention purge, which removes them in bounded batches in the background
 * (one statement over those tables would hold ingest up). Rows keyed by a user or role
 * (sessions, rules) go first, then every org-owned table.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  accessRules,
  apiKeys,
  categories,
  categoryCountChanges,
  categoryCounts,
  endpoints,
  epcisCapturedIds,
  epcisCaptures,
  epcisEventIds,
  epcisEvents,
  images,
  locationTags,
  loginFailures,
  maps,
  organizations,
  passwordResetTokens,
  reportConfigs,
  roles,
  sessions,
  sites,
  ssoIdentities,
  ssoLinkGrants,
  ssoPendingLinks,
  ssoSettings,
  tagState,
  things,
  thingTags,
  users,
  webhooks,
  zones,
} from '../../db/schema.js';
import { type RemovalKind, scheduleRemoval } from '../retention/removals.js';

/** Deletes the organization and all of its data; returns the file names of its map images. */
export async function deleteOrganizationCascade(tx: Tx, orgId: string): Promise<string[]> {
  const mapFiles = await tx.select({ image: maps.image }).from(maps).where(eq(maps.orgId, orgId));
  const orgUsers = tx.select({ id: users.id }).from(users).where(eq(users.orgId, orgId));
  const orgUsernames = tx.select({ username: users.username }).from(users).where(eq(users.orgId, orgId));
  const orgEndpoints = tx.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.orgId, orgId));
  const orgRoles = tx.select({ id: roles.id }).from(roles).where(eq(roles.orgId, orgId));
  const orgWebhooks = tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.orgId, orgId));

  await tx.delete(sessions).where(inArray(sessions.userId, orgUsers));
  await tx.delete(passwordResetTokens).where(inArray(passwordResetTokens.userId, orgUsers));
  await tx.delete(ssoLinkGrants).where(inArray(ssoLinkGrants.userId, orgUsers));
  await tx.delete(loginFailures).where(inArray(loginFailures.username, orgUsernames));
  await tx.delete(accessRules).where(inArray(accessRules.roleId, orgRoles));
  const history: [RemovalKind, { id: string }[]][] = [
    ['endpoint', await orgEndpoints],
    ['site', await tx.select({ id: sites.id }).from(sites).where(eq(sites.orgId, orgId))],
    ['webhook', await orgWebhooks],
  ];
  for (const [kind, records] of history)
    for (const { id } of records) await scheduleRemoval(tx, kind, id, orgId);

  const owned = [
    users,
    roles,
    apiKeys,
    webhooks,
    // EPCIS: captures, the events they kept, the eventIDs captured and those the query answered.
    epcisEvents,
    epcisCaptures,
    epcisCapturedIds,
    epcisEventIds,
    tagState,
    thingTags,
    things,
    // After `things`: deleting them appends their -1 rows (migration 0015's triggers).
    categoryCounts,
    categoryCountChanges,
    images,
    reportConfigs,
    locationTags,
    endpoints,
    zones,
    maps,
    categories,
    sites,
  ] as const;
  for (const table of owned) await tx.delete(table).where(eq(table.orgId, orgId));
  // The Activity events rollup (migration 0016; raw tables, not in the drizzle schema).
  for (const table of ['event_days', 'event_days_pending', 'event_days_state'])
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE org_id = ${orgId}`);
  await tx.delete(ssoIdentities).where(eq(ssoIdentities.orgId, orgId));
  await tx.delete(ssoPendingLinks).where(eq(ssoPendingLinks.orgId, orgId));
  await tx.delete(ssoSettings).where(eq(ssoSettings.orgId, orgId));
  await tx.delete(organizations).where(eq(organizations.id, orgId));
  return mapFiles.map((m) => m.image).filter(Boolean);
}
