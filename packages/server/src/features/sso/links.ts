/**
 * Linking accounts to identities at a provider. A sign-in whose email matches an unlinked account
 * leaves a pending link; the account's own password, entered next on the login page, completes
 * it. An administrator who manages the account may instead consent to its next sign-in linking it
 * (for accounts that never had a password), or remove a link so the next sign-in links afresh.
 */
import { ACTIVATION_TOKEN_TTL_MS } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { sha256 } from '../../platform/crypto.js';
import type { SsoProvider } from '../ssosettings/available.js';
import { managedUser } from '../users/reach.js';
import * as repo from './repository.js';

/** A sign-in waiting for the account's password to link it; sent only to the password login. */
export const SSO_LINK_COOKIE = 'sl_sso_link';
export const SSO_LINK_COOKIE_PATH = '/api/auth/';

/** Completes the pending link when `userId` is the account it waits for; the provider it linked. */
export async function completeSsoLink(
  db: Db,
  linkToken: string,
  userId: string,
): Promise<string | undefined> {
  const pending = await repo.takePendingLink(db, sha256(linkToken));
  if (!pending || pending.userId !== userId) return undefined;
  const { orgId, provider, issuer, subject } = pending;
  await repo.saveIdentity(db, userId, { orgId, provider, issuer, subject });
  return provider;
}

export async function ssoLinks(db: Db, caller: Caller, userId: string) {
  const user = await managedUser(db, caller, userId, 'read');
  const { linked, granted } = await repo.linkStatus(db, user.id);
  return {
    linked: linked.map((l) => ({ provider: l.provider as SsoProvider, linkedAt: l.linkedAt.toISOString() })),
    granted: granted.map((g) => ({
      provider: g.provider as SsoProvider,
      expiresAt: g.expiresAt.toISOString(),
    })),
  };
}

/** Consent that the account's next sign-in through `provider` links it by its email (72 hours). */
export async function grantSsoLink(db: Db, caller: Caller, userId: string, provider: SsoProvider) {
  const user = await managedUser(db, caller, userId, 'modify');
  await repo.saveLinkGrant(db, user.id, provider, new Date(Date.now() + ACTIVATION_TOKEN_TTL_MS));
  return ssoLinks(db, caller, userId);
}

/** Removes the account's link (and any pending consent) at `provider`. */
export async function removeSsoLink(db: Db, caller: Caller, userId: string, provider: SsoProvider) {
  const user = await managedUser(db, caller, userId, 'modify');
  await repo.deleteUserIdentities(db, user.id, provider);
  return ssoLinks(db, caller, userId);
}
