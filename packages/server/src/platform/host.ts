/**
 * The organization a request's host names: `acme.sightline.example` is the organization whose
 * subdomain is `acme`. Login, single sign-on, its availability check and the audit trail's
 * refused sign-ins all read it, so it sits below the features.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { organizations } from '../db/schema.js';

/** `acme` of `acme.sightline.example`; nothing for bare hosts and IPs. */
export function subdomainOf(host: string | undefined): string | undefined {
  const name = (host ?? '').split(':')[0] ?? '';
  if (!name || /^[\d.]+$/.test(name) || !name.includes('.')) return undefined;
  const first = name.split('.')[0];
  return first && name.split('.').length >= 3 ? first : undefined;
}

export async function findOrgBySubdomain(db: Tx, subdomain: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.subdomain, subdomain.toLowerCase()));
  return row;
}
