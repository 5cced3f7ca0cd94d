/** Organizations as the API presents them. */
import type { Organization } from '@sightline/shared';
import type { OrganizationRow } from '../../db/rows.js';

export function presentOrganization(row: OrganizationRow): Organization {
  return {
    _id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    timeCreated: row.timeCreated.toISOString(),
    oktaEnabled: row.oktaEnabled,
    entraEnabled: row.entraEnabled,
  };
}
