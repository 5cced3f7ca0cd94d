/**
 * What a save of the SSO settings changes, and the mail that tells the Super Admins. Secrets are
 * never written into a mail: a changed secret reads "changed".
 */
import { formatDateTimeIn, type SsoSettings, SUPER_ADMIN_ROLE_ID } from '@sightline/shared';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Caller } from '../../platform/caller.js';
import type { Mailer } from '../../platform/mail.js';

export interface SsoChange {
  label: string;
  from: string;
  to: string;
  /** A setting of the identity provider itself (or of who may use it): a Super Admin's alone. */
  identityProvider: boolean;
}

type Stored = Omit<SsoSettings, 'oktaClientSecret'> & { oktaClientSecret: string };

const FIELDS: { key: keyof SsoSettings; label: string; identityProvider: boolean; secret?: true }[] = [
  { key: 'oktaIssuer', label: 'Okta Issuer', identityProvider: true },
  { key: 'oktaClientId', label: 'Okta Client ID', identityProvider: true },
  { key: 'oktaClientSecret', label: 'Okta Secret', identityProvider: true, secret: true },
  { key: 'entraTenant', label: 'Entra Tenant', identityProvider: true },
  { key: 'allowSuperAdminSso', label: 'Super Admins may sign in with SSO', identityProvider: true },
  { key: 'requireTotp', label: 'Require two-factor authentication', identityProvider: false },
];

const shown = (value: unknown) =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value || '(none)');

/** The settings that differ between the stored record and the one to store. */
export function ssoChanges(before: Stored, next: Stored): SsoChange[] {
  return FIELDS.filter((f) => before[f.key] !== next[f.key]).map((f) => ({
    label: f.label,
    from: f.secret ? (before[f.key] ? 'set' : '(none)') : shown(before[f.key]),
    to: f.secret ? (next[f.key] ? 'changed' : '(none)') : shown(next[f.key]),
    identityProvider: f.identityProvider,
  }));
}

/** The organization's Super Admins; every Super Admin when it has none of its own. */
async function superAdminEmails(tx: Tx, orgId: string): Promise<string[]> {
  const isSuperAdmin = arrayContains(users.roles, [SUPER_ADMIN_ROLE_ID]);
  const own = await tx
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.orgId, orgId), isSuperAdmin));
  const rows = own.length
    ? own
    : await tx.select({ username: users.username }).from(users).where(isSuperAdmin);
  return rows.map((r) => r.username);
}

export async function mailSsoChange(
  tx: Tx,
  mailer: Mailer,
  change: { org: { id: string; name: string }; caller: Caller; changes: SsoChange[] },
): Promise<void> {
  const to = await superAdminEmails(tx, change.org.id);
  if (!to.length) return;
  const who = change.caller.kind === 'apiKey' ? `API key ${change.caller.name}` : change.caller.username;
  const lines = change.changes.map((c) => `- ${c.label}: ${c.from} → ${c.to}`);
  await mailer.send(
    {
      to,
      subject: `Sightline: single sign-on settings of ${change.org.name} changed`,
      text: [
        `The single sign-on settings of the organization ${change.org.name} were changed by ${who} at ${formatDateTimeIn(new Date(), 'UTC')} UTC.`,
        '',
        ...lines,
        '',
        'If you did not expect this change, check the SSO settings at once: whoever controls the identity provider can sign in as the accounts linked to it.',
      ].join('\n'),
    },
    { tx },
  );
}
