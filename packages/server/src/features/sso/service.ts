/**
 * OpenID Connect sign-in: authorization code with PKCE (S256), state
 * and nonce. What the callback needs is kept server-side, keyed by the hash of a random value
 * held in a short-lived httpOnly cookie, so only the browser that started a sign-in can finish it
 * (no login CSRF) and N instances share it. The account is the one linked to the provider's
 * subject in the organization that started the sign-in; nobody is created.
 */
import { type LoginSecondStep, SSO_MSG, SUPER_ADMIN_ROLE_ID } from '@sightline/shared';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sha256 } from '../../platform/crypto.js';
import { randomToken } from '../../platform/ids.js';
import { createSession } from '../../platform/sessions.js';
import { appendAuditRows } from '../audit/repository.js';
import { refusalOrg } from '../audit/sign-ins.js';
import { findOrgBySubdomain, subdomainOf } from '../organizations/host.js';
import type { SsoProvider } from '../ssosettings/available.js';
import { findSsoSettings, onlyOrganization } from '../ssosettings/repository.js';
import { secondStepFor } from '../totp/service.js';
import { findUserById } from '../users/repository.js';
import { showsMfa } from './mfa.js';
import { discover, providerClient } from './providers.js';
import * as repo from './repository.js';

export const SSO_STATE_TTL_MS = 10 * 60_000;

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** A failure the user sees on the login page ('SSO error' plus this text). */
export class SsoError extends Error {}

export const SSO_ERRORS = {
  unavailable: (p: SsoProvider) => (p === 'okta' ? SSO_MSG.oktaUnavailable : SSO_MSG.entraUnavailable),
  unreachable: 'The identity provider could not be reached; please try again later',
  expired: 'The sign-in expired or was started in another browser; please try again',
  invalid: 'The sign-in could not be verified; please try again',
  refused: (code: string) => `The identity provider refused the sign-in (${code})`,
  noEmail: 'The identity provider did not give a verified email address',
  unknownUser: 'No Sightline account matches this sign-in; ask an administrator to add you',
  otherIdentity:
    'This Sightline account is linked to another account at the identity provider; ask an administrator to unlink it',
  superAdmin: 'Super Admin accounts sign in with their password; single sign-on is turned off for them',
} as const;

/** Only a path inside the console, never a login page or another origin. */
function safeReferer(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.includes('login')) {
    return undefined;
  }
  return [...value].some((c) => c.charCodeAt(0) < 0x20) ? undefined : value;
}

async function requestOrganization(db: Db, host: string | undefined) {
  const subdomain = subdomainOf(host);
  const named = subdomain ? await findOrgBySubdomain(db, subdomain) : undefined;
  return named ?? (await onlyOrganization(db));
}

/** The callback URL on the host the browser used (an organization's subdomain), with PUBLIC_URL's scheme. */
function callbackUrl(config: Config, host: string | undefined, provider: SsoProvider): string {
  const base = new URL(config.publicUrl);
  const origin = host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `${base.protocol}//${host}` : base.origin;
  return `${origin}/auth/${provider}/callback`;
}

export async function startSignIn(
  db: Db,
  config: Config,
  provider: SsoProvider,
  host: string | undefined,
  referer: string | undefined,
): Promise<{ url: string; binding: string }> {
  const org = await requestOrganization(db, host);
  const client = org && (await providerClient(db, config, org, provider));
  if (!org || !client) throw new SsoError(SSO_ERRORS.unavailable(provider));
  const provConfig = await discover(client).catch(() => {
    throw new SsoError(SSO_ERRORS.unreachable);
  });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = callbackUrl(config, host, provider);
  const binding = randomToken();
  await repo.saveLoginState(db, {
    bindingHash: sha256(binding),
    orgId: org.id,
    provider,
    state,
    nonce,
    codeVerifier,
    redirectUri,
    referer: safeReferer(referer) ?? null,
    expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(provConfig, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, binding };
}

function emailOf(provider: SsoProvider, claims: { [claim: string]: unknown }): string | undefined {
  if (claims.email_verified === false) return undefined;
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  // Entra ID sends `email` only when configured as an optional claim; its sign-in name is the UPN.
  const upn =
    provider === 'entra' && typeof claims.preferred_username === 'string'
      ? claims.preferred_username
      : undefined;
  const value = email ?? upn;
  return value && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined;
}

/** What a verified sign-in leads to: a session, a password check to link the account, or a code. */
export type SignInOutcome =
  | { kind: 'session'; sessionToken: string; referer: string | undefined }
  | { kind: 'link'; linkToken: string; username: string }
  | { kind: 'secondStep'; step: LoginSecondStep; referer: string | undefined };

interface VerifiedSignIn {
  issuer: string;
  subject: string;
  email: string | undefined;
  amr: unknown;
}

/** Redeems the callback's code at the provider and reads who signed in. */
async function verifyCallback(
  provConfig: oidc.Configuration,
  provider: SsoProvider,
  saved: repo.SsoLoginState,
  params: URLSearchParams,
): Promise<VerifiedSignIn> {
  const currentUrl = new URL(saved.redirectUri);
  currentUrl.search = params.toString();
  try {
    const tokens = await oidc.authorizationCodeGrant(provConfig, currentUrl, {
      pkceCodeVerifier: saved.codeVerifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoError(SSO_ERRORS.invalid);
    let email = emailOf(provider, claims);
    // Providers may keep profile claims out of the ID token when an access token is issued:
    // then they come from the userinfo endpoint, for the same subject.
    if (!email && claims.email_verified !== false) {
      email = emailOf(provider, await oidc.fetchUserInfo(provConfig, tokens.access_token, claims.sub));
    }
    return { issuer: claims.iss, subject: claims.sub, email, amr: claims.amr };
  } catch (err) {
    if (err instanceof SsoError) throw err;
    if (err instanceof oidc.AuthorizationResponseError) throw new SsoError(SSO_ERRORS.refused(err.error));
    throw new SsoError(SSO_ERRORS.invalid);
  }
}

/**
 * The account the identity belongs to. An identity already linked names its account; otherwise an
 * account of the organization with the identity's email is linked only with an administrator's
 * consent (then and there) or after its password is proven (a pending link: `link`).
 */
async function accountOf(
  db: Db,
  orgId: string,
  provider: SsoProvider,
  who: VerifiedSignIn,
): Promise<{ user: UserRow } | { pendingFor: UserRow }> {
  const key = { orgId, provider, issuer: who.issuer, subject: who.subject };
  const linkedId = await repo.findLinkedUserId(db, key);
  const linked = linkedId ? await findUserById(db, linkedId) : undefined;
  if (linked) {
    if (linked.orgId !== orgId || linked.locked) throw new SsoError(SSO_ERRORS.unknownUser);
    return { user: linked };
  }
  // No account, or one since deleted: the identity is linked afresh (replacing the stale row).
  if (!who.email) throw new SsoError(SSO_ERRORS.noEmail);
  const user = await repo.findUserByEmail(db, who.email);
  if (!user || user.orgId !== orgId || user.locked) throw new SsoError(SSO_ERRORS.unknownUser);
  const current = await repo.findUserIdentity(db, user.id, provider);
  // Linked to another subject of this same provider: the email alone never moves the link.
  if (current && current.issuer === who.issuer) throw new SsoError(SSO_ERRORS.otherIdentity);
  if (await repo.takeLinkGrant(db, user.id, provider)) {
    await repo.saveIdentity(db, user.id, key);
    return { user };
  }
  return { pendingFor: user };
}

/** Verifies the callback; `query` is the callback's query string. */
/** Who a callback turned out to be about, as far as it got: for its audit row. */
interface Seen {
  orgId?: string;
  user?: UserRow;
  email?: string;
}

/** The request a callback came with, for its audit row. */
export interface CallbackClient {
  ip: string | null;
  userAgent: string | null;
  host: string | undefined;
}

/**
 * Finishes a sign-in and records it: a session opened is a `login` (method: the provider); a
 * refusal is a `login-failed` with its reason, for the account when it was found, else without a
 * user id under the email the provider gave (in the organization that started the sign-in, or,
 * when the sign-in's state is gone, the one sign-in refusals naming no account go to). A sign-in
 * that continues (a second factor, a link to confirm) is recorded when it ends.
 */
export async function finishSignIn(
  db: Db,
  config: Config,
  provider: SsoProvider,
  binding: string | undefined,
  query: string,
  client: CallbackClient,
): Promise<SignInOutcome> {
  const seen: Seen = {};
  const actor = () =>
    seen.user
      ? { type: 'user', id: seen.user.id, name: seen.user.name || seen.user.username }
      : { type: 'user', id: null, name: seen.email ?? `unknown (${provider})` };
  const record = async (action: string, changes: Record<string, unknown>) => {
    const orgId = seen.orgId ?? (await refusalOrg(db, client.host));
    if (!orgId) return;
    await db.transaction((tx) =>
      appendAuditRows(tx, [
        {
          orgId,
          actor: actor(),
          ip: client.ip,
          userAgent: client.userAgent,
          action,
          resource: 'users',
          resourceId: seen.user?.id ?? null,
          changes,
        },
      ]),
    );
  };
  try {
    const outcome = await finish(db, config, provider, binding, query, seen);
    if (outcome.kind === 'session') await record('login', { method: provider });
    return outcome;
  } catch (err) {
    const reason = err instanceof SsoError ? err.message : SSO_ERRORS.invalid;
    await record('login-failed', { reason, method: provider }).catch(() => undefined);
    throw err;
  }
}

async function finish(
  db: Db,
  config: Config,
  provider: SsoProvider,
  binding: string | undefined,
  query: string,
  seen: Seen,
): Promise<SignInOutcome> {
  const saved = binding ? await repo.takeLoginState(db, sha256(binding)) : undefined;
  if (saved) seen.orgId = saved.orgId;
  const params = new URLSearchParams(query);
  const providerError = params.get('error');
  if (providerError)
    throw new SsoError(SSO_ERRORS.refused(providerError.replace(/[^\w.-]/g, '').slice(0, 60)));
  if (!saved || saved.provider !== provider || saved.expiresAt.getTime() < Date.now()) {
    throw new SsoError(SSO_ERRORS.expired);
  }
  const org = await repo.findOrganization(db, saved.orgId);
  const client = org && (await providerClient(db, config, org, provider));
  if (!org || !client) throw new SsoError(SSO_ERRORS.unavailable(provider));
  const provConfig = await discover(client).catch(() => {
    throw new SsoError(SSO_ERRORS.unreachable);
  });
  const who = await verifyCallback(provConfig, provider, saved, params);
  seen.email = who.email ?? undefined;
  const account = await accountOf(db, org.id, provider, who);
  const user = 'user' in account ? account.user : account.pendingFor;
  seen.user = user;
  const settings = await findSsoSettings(db, org.id);
  if (user.roles.includes(SUPER_ADMIN_ROLE_ID) && !settings?.allowSuperAdminSso) {
    throw new SsoError(SSO_ERRORS.superAdmin);
  }
  if ('pendingFor' in account) {
    const linkToken = randomToken();
    await repo.savePendingLink(db, {
      tokenHash: sha256(linkToken),
      orgId: org.id,
      userId: user.id,
      provider,
      issuer: who.issuer,
      subject: who.subject,
      expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
    });
    return { kind: 'link', linkToken, username: user.username };
  }
  const referer = saved.referer ?? undefined;
  // A second factor the provider did not show is asked for here, as after a password.
  const step = showsMfa(who.amr) ? undefined : await secondStepFor(db, user);
  if (step) return { kind: 'secondStep', step, referer };
  return { kind: 'session', sessionToken: await createSession(db, user.id), referer };
}
