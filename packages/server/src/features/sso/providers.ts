/**
 * Where each identity provider is and who Sightline is to it: Okta from the organization's SSO
 * settings, Entra ID from its tenant plus ENTRA_CLIENT_ID / ENTRA_CLIENT_SECRET. Discovery
 * documents are cached per process for a few minutes (a cache only: each instance fetches its own).
 */
import { isAllowedIssuer } from '@sightline/shared';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SsoProvider } from '../ssosettings/available.js';
import { findSsoSettings } from '../ssosettings/repository.js';

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret?: string;
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
    return { issuer: sso.oktaIssuer, clientId: sso.oktaClientId, clientSecret: sso.oktaClientSecret };
  }
  if (!org.entraEnabled || !sso.entraTenant || !config.entraClientId) return undefined;
  return {
    issuer: `${config.entraAuthority}/${encodeURIComponent(sso.entraTenant)}/v2.0`,
    clientId: config.entraClientId,
    clientSecret: config.entraClientSecret,
  };
}

const CACHE_MS = 5 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The discovered provider configuration; refuses issuers that are not https (loopback excepted). */
export function discover(client: ProviderClient): Promise<oidc.Configuration> {
  if (!isAllowedIssuer(client.issuer)) return Promise.reject(new Error('issuer must be https'));
  const key = JSON.stringify([client.issuer, client.clientId, client.clientSecret ?? '']);
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const insecure = new URL(client.issuer).protocol === 'http:';
  const config = oidc.discovery(
    new URL(client.issuer),
    client.clientId,
    undefined,
    client.clientSecret ? oidc.ClientSecretPost(client.clientSecret) : oidc.None(),
    { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
  );
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not cached: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config;
}
