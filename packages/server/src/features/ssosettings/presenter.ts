/**
 * SSO settings as the API presents them: the Okta client secret never leaves the server, it reads
 * as SSO_SECRET_MASK when one is stored; an organization with no record reads as the defaults.
 */
import { SSO_SECRET_MASK, SSO_SETTINGS_DEFAULTS, type SsoSettings } from '@sightline/shared';
import type { SsoRow } from '../../db/rows.js';

export function presentSsoSettings(row: SsoRow | undefined): SsoSettings {
  if (!row) return { ...SSO_SETTINGS_DEFAULTS };
  return {
    oktaIssuer: row.oktaIssuer,
    oktaClientId: row.oktaClientId,
    oktaClientSecret: row.oktaClientSecret ? SSO_SECRET_MASK : '',
    entraTenant: row.entraTenant,
    requireTotp: row.requireTotp,
    allowSuperAdminSso: row.allowSuperAdminSso,
  };
}
