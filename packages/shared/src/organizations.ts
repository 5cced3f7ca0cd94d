/**
 * Organizations (tenants: one per request host's subdomain, or the only one) and their
 * single-sign-on settings.
 */
import { z } from 'zod';
import { Email } from './auth.js';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';

export const ORGANIZATION_MSG = {
  nameRequired: 'Name is required',
  subdomainRequired: 'Subdomain is required',
  subdomainPattern: 'Subdomain may contain only letters, digits and hyphens',
  superAdminOnly: 'Only a Super Admin may create, change or delete organizations',
  duplicateSubdomain: (subdomain: string) =>
    `duplicate subdomain: ${subdomain} is already used by another organization`,
  cannotDeleteOwn: 'You cannot delete the organization you belong to',
  adminNameRequired: "The first Admin's name is required",
} as const;

export const Organization = z.object({
  _id: Id,
  name: z.string(),
  subdomain: z.string(),
  timeCreated: z.string(),
  oktaEnabled: z.boolean(),
  entraEnabled: z.boolean(),
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationInput = z.object({
  name: z
    .string({ error: ORGANIZATION_MSG.nameRequired })
    .trim()
    .min(1, ORGANIZATION_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  subdomain: z
    .string({ error: ORGANIZATION_MSG.subdomainRequired })
    .trim()
    .toLowerCase()
    .min(1, ORGANIZATION_MSG.subdomainRequired)
    .max(63, MSG.tooLong(63))
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, ORGANIZATION_MSG.subdomainPattern),
  oktaEnabled: z.boolean().default(false),
  entraEnabled: z.boolean().default(false),
});
export type OrganizationInput = z.infer<typeof OrganizationInput>;

/**
 * Creating an organization also creates its first Admin (all sites), who gets an activation mail
 * to set a password: without one nobody could ever sign in to the new organization.
 */
export const OrganizationCreateInput = OrganizationInput.extend({
  adminName: z
    .string({ error: ORGANIZATION_MSG.adminNameRequired })
    .trim()
    .min(1, ORGANIZATION_MSG.adminNameRequired)
    .max(200, MSG.tooLong(200)),
  adminEmail: Email,
});
export type OrganizationCreateInput = z.infer<typeof OrganizationCreateInput>;

export const ORGANIZATION_SORT_FIELDS = ['name', 'subdomain', 'timeCreated'] as const;
export const OrganizationListQuery = listQuery(undefined, ORGANIZATION_SORT_FIELDS);
export type OrganizationListQuery = z.infer<typeof OrganizationListQuery>;

/** What GET ssosettings returns in place of a stored secret; sent back, it means "unchanged". */
export const SSO_SECRET_MASK = '********';

export const SSO_MSG = {
  issuerHttps: 'Okta Issuer must be an https URL',
  tenantPattern: 'Entra Tenant must be a tenant id or a domain such as contoso.onmicrosoft.com',
  oktaUnavailable: 'Okta sign-in is not available',
  entraUnavailable: 'Entra sign-in is not available',
  superAdminOnly: 'Only a Super Admin may change the identity provider settings',
  allSitesOnly: 'Only an administrator of all sites may change the SSO settings',
  issuerPrivate: 'Okta Issuer must not be a loopback, private, link-local or metadata address',
  issuerUnresolved: 'Okta Issuer names a host that could not be found',
  linkPending: (provider: string) =>
    `Sign in with your Sightline password once to link your ${provider} account. From then on the ${provider} button signs you in.`,
  linked: (provider: string) => `Your ${provider} account is now linked.`,
} as const;

/** Hosts where an http issuer is accepted: a provider on the same machine (development, tests). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http on localhost / 127.0.0.1 only. */
export function isAllowedIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hostname === '') return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

/** SSO settings: one record per organization, no id. */
export const SsoSettings = z.object({
  oktaIssuer: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || isAllowedIssuer(v), SSO_MSG.issuerHttps)
    .default(''),
  oktaClientId: z.string().trim().max(500).default(''),
  /** '' when none is set; SSO_SECRET_MASK when one is (never the secret itself). */
  oktaClientSecret: z.string().max(500).default(''),
  entraTenant: z
    .string()
    .trim()
    .max(200)
    .regex(/^([A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)?$/, SSO_MSG.tenantPattern)
    .default(''),
  /** Every password sign-in of the organization needs a second factor. */
  requireTotp: z.boolean().default(false),
  /**
   * Whether Super Admin accounts may sign in through single sign-on. Off by default: a Super Admin
   * then signs in only with the password (and second factor) Sightline itself checks.
   */
  allowSuperAdminSso: z.boolean().default(false),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

/**
 * The SSO settings of an organization that has set none: the schema's defaults (no provider, no
 * second factor required, Super Admins by password only). The server answers them for a missing
 * record and the console's editor starts from them.
 */
export const SSO_SETTINGS_DEFAULTS: Readonly<SsoSettings> = Object.freeze(SsoSettings.parse({}));

/** `?org=` lets a Super Admin read and set another organization's SSO settings. */
export const SsoSettingsQuery = z.object({ org: Id.optional() });
export type SsoSettingsQuery = z.infer<typeof SsoSettingsQuery>;

/** GET /auth/{okta,entra}/available: 200 with this body when available, 404 otherwise. */
export const SsoAvailable = z.object({ available: z.literal(true) });
export type SsoAvailable = z.infer<typeof SsoAvailable>;

export const SSO_PROVIDERS = ['okta', 'entra'] as const;

/** The sign-in options of the request's organization, for the login page: providers only, no settings. */
export const SignInOptions = z.object({ providers: z.array(z.enum(SSO_PROVIDERS)) });
export type SignInOptions = z.infer<typeof SignInOptions>;
export const SsoProviderName = z.enum(SSO_PROVIDERS);
export type SsoProviderName = z.infer<typeof SsoProviderName>;

/** An account's links to identity providers, and the links an administrator allowed to be made. */
export const SsoLinks = z.object({
  linked: z.array(z.object({ provider: SsoProviderName, linkedAt: z.string() })),
  granted: z.array(z.object({ provider: SsoProviderName, expiresAt: z.string() })),
});
export type SsoLinks = z.infer<typeof SsoLinks>;

export const SsoLinkBody = z.object({ provider: SsoProviderName }).strict();
export const SsoLinkParams = z.object({ id: Id, provider: SsoProviderName });
