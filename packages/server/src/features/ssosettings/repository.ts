import type { SsoSettings } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { SsoRow } from '../../db/rows.js';
import { organizations, ssoSettings } from '../../db/schema.js';

export async function findSsoSettings(db: Tx, orgId: string): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.orgId, orgId));
  return row;
}

export async function upsertSsoSettings(db: Tx, orgId: string, settings: SsoSettings): Promise<SsoRow> {
  const [row] = await db
    .insert(ssoSettings)
    .values({ orgId, ...settings })
    .onConflictDoUpdate({ target: ssoSettings.orgId, set: settings })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function findOrganizationById(db: Tx, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/** The organization when exactly one exists (a single-tenant installation). */
export async function onlyOrganization(db: Tx) {
  const rows = await db.select().from(organizations).limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}
