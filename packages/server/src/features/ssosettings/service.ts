/**
 * SSO settings (SPEC §2.13, §3): one record per organization. The Okta client secret never
 * leaves the server: it reads back as SSO_SECRET_MASK, and the mask sent back means "unchanged".
 */
import { SSO_SECRET_MASK, type SsoSettings } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import * as repo from './repository.js';

const EMPTY: SsoSettings = {
  oktaIssuer: '',
  oktaClientId: '',
  oktaClientSecret: '',
  entraTenant: '',
  requireTotp: false,
};

function toApi(row: repo.SsoRow | undefined): SsoSettings {
  if (!row) return EMPTY;
  return {
    oktaIssuer: row.oktaIssuer,
    oktaClientId: row.oktaClientId,
    oktaClientSecret: row.oktaClientSecret ? SSO_SECRET_MASK : '',
    entraTenant: row.entraTenant,
    requireTotp: row.requireTotp,
  };
}

export async function getSsoSettings(db: Db, caller: Caller): Promise<SsoSettings> {
  authorize(caller, 'ssosettings', 'create');
  return toApi(await repo.findSsoSettings(db, caller.orgId));
}

export async function saveSsoSettings(db: Db, caller: Caller, input: SsoSettings): Promise<SsoSettings> {
  authorize(caller, 'ssosettings', 'create');
  return db.transaction(async (tx) => {
    const current = await repo.findSsoSettings(tx, caller.orgId);
    const oktaClientSecret =
      input.oktaClientSecret === SSO_SECRET_MASK ? (current?.oktaClientSecret ?? '') : input.oktaClientSecret;
    return toApi(await repo.upsertSsoSettings(tx, caller.orgId, { ...input, oktaClientSecret }));
  });
}
