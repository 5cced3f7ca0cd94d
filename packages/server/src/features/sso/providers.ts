/**
 * Where each identity provider is and who Sightline is to it: Okta from the organization's SSO
 * settings, Entra ID from its tenant plus ENTRA_CLIENT_ID / ENTRA_CLIENT_SECRET. Discovery
 * documents are cached per process for a few minutes (a cache only: each instance fetches its own).
 */
import { isAllowedIssuer } from '@sightline/shared';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { guardedFetch } from '../../platform/guarded-fetch.js';
import type { SsoProvider } from '../ssosettings/available.js';
import { findSsoSettings } from '../ssosettings/repository.js';

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Whether the provider may sit on a loopback or private address (SSO_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

type OrgFlags = { id: string; oktaEnabled: boolean; entraEnabled: boolean };

/** The provider's client settings when it is enabled and configured for the organization. */
export async function providerClient(
  db: Db,
  config: Config,
  org: OrgFlags,
  provider: SsoProvider,
): Promise<ProviderClient | undefined> {
  const sso = await findSsoSettings(db, org.id);
  if (!sso) return undefined;
  if (provider === 'okta') {
    if (!org.oktaEnabled || !sso.oktaIssuer || !sso.oktaClientId || !sso.oktaClientSecret) return undefined;
    return {
      issuer: sso.oktaIssuer,
      clientId: sso.oktaClientId,
      clientSecret: sso.oktaClientSecret,
      allowPrivate: config.ssoAllowPrivate,
    };
  }
  if (!org.entraEnabled || !sso.entraTenant || !config.entraClientId) return undefined;
  return {
    issuer: `${config.entraAuthority}/${encodeURIComponent(sso.entraTenant)}/v2.0`,
    clientId: config.entraClientId,
    clientSecret: config.entraClientSecret,
    allowPrivate: config.ssoAllowPrivate,
  };
}

const CACHE_MS = 5 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/**
 * The discovered provider configuration; refuses issuers that are not https (loopback excepted).
 * Every request to the provider — discovery, token, userinfo, keys — goes through the guarded
 * fetch, so an issuer cannot make the server reach an internal service.
 */
export function discover(client: ProviderClient): Promise<oidc.Configuration> {
  if (!isAllowedIssuer(client.issuer)) return Promise.reject(new Error('issuer must be https'));
  const key = JSON.stringify([
    client.issuer,
    client.clientId,
    client.clientSecret ?? '',
    client.allowPrivate,
  ]);
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const insecure = new URL(client.issuer).protocol === 'http:';
  const config = oidc.discovery(
    new URL(client.issuer),
    client.clientId,
    undefined,
    client.clientSecret ? oidc.ClientSecretPost(client.clientSecret) : oidc.None(),
    {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
      [oidc.customFetch]: guardedFetch(client.allowPrivate),
    },
  );
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not cached: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config;
}
