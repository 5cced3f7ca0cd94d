/**
 * SSO settings: one record per organization. The Okta client secret never leaves the server: it
 * reads back as SSO_SECRET_MASK, and the mask sent back means "unchanged".
 *
 * Who may change what: the identity provider decides who an account is, so its settings (issuer,
 * client id, secret, tenant, and whether Super Admins may use it) are a Super Admin's alone; an
 * administrator limited to some sites changes nothing here, since the record covers every site.
 * An issuer must pass the address guard, and every change is mailed to the Super Admins.
 */
import { SSO_MSG, SSO_SECRET_MASK, SSO_SETTINGS_DEFAULTS, type SsoSettings } from '@sightline/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { authorize, requireSuperAdmin, siteScope } from '../../platform/access.js';
import { checkTarget } from '../../platform/address-guard.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { mailSsoChange, ssoChanges } from './changes.js';
import { presentSsoSettings } from './presenter.js';
import * as repo from './repository.js';

/** The organization the request is about: the caller's, or (for a Super Admin) the one named. */
async function targetOrg(db: Db, caller: Caller, orgId: string | undefined) {
  const id = orgId ?? caller.orgId;
  if (id !== caller.orgId && !caller.superAdmin) throw notFound('Organization');
  const org = await repo.findOrganizationById(db, id);
  if (!org) throw notFound('Organization');
  return org;
}

export async function getSsoSettings(db: Db, caller: Caller, orgId?: string): Promise<SsoSettings> {
  authorize(caller, 'ssosettings', 'create', undefined, 'read');
  const org = await targetOrg(db, caller, orgId);
  return presentSsoSettings(await repo.findSsoSettings(db, org.id));
}

async function assertIssuerReachable(config: Config, issuer: string) {
  if (!issuer) return;
  const check = await checkTarget(issuer, config.ssoAllowPrivate);
  if (check.ok) return;
  const message = check.reason === 'private' ? SSO_MSG.issuerPrivate : SSO_MSG.issuerUnresolved;
  throw badRequest(message, [{ path: 'oktaIssuer', message }]);
}

export async function saveSsoSettings(
  ctx: AppContext,
  caller: Caller,
  input: SsoSettings,
  orgId?: string,
): Promise<SsoSettings> {
  const { db, config, mailer } = ctx;
  authorize(caller, 'ssosettings', 'create', undefined, 'modify');
  if (siteScope(caller)) throw forbidden(SSO_MSG.allSitesOnly);
  const org = await targetOrg(db, caller, orgId);
  const before = await repo.findSsoSettings(db, org.id);
  const oktaClientSecret =
    input.oktaClientSecret === SSO_SECRET_MASK ? (before?.oktaClientSecret ?? '') : input.oktaClientSecret;
  const next = { ...input, oktaClientSecret };
  const changes = ssoChanges(before ?? SSO_SETTINGS_DEFAULTS, next);
  // Any secret other than the mask is a Super Admin's to send, equal to the stored one or not:
  // otherwise the answer would tell an Admin whether a guess was right.
  const secretSent = input.oktaClientSecret !== SSO_SECRET_MASK && input.oktaClientSecret !== '';
  if (secretSent || changes.some((c) => c.identityProvider))
    requireSuperAdmin(caller, SSO_MSG.superAdminOnly);
  if (next.oktaIssuer !== (before?.oktaIssuer ?? '')) await assertIssuerReachable(config, next.oktaIssuer);
  return db.transaction(async (tx) => {
    const saved = await repo.upsertSsoSettings(tx, org.id, next);
    // Queued in the transaction: the mail goes out exactly when the change is stored.
    if (changes.length) await mailSsoChange(tx, mailer, { org, caller, changes });
    return presentSsoSettings(saved);
  });
}
