import type { ORGANIZATION_SORT_FIELDS, OrganizationInput, OrganizationListQuery } from '@sightline/shared';
import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { OrganizationRow } from '../../db/rows.js';
import { organizations } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentOrganization } from './presenter.js';

const listSpec: ListSpec<(typeof ORGANIZATION_SORT_FIELDS)[number]> = {
  sortable: {
    name: organizations.name,
    subdomain: organizations.subdomain,
    timeCreated: organizations.timeCreated,
  },
  defaultSort: [asc(organizations.name), asc(organizations.id)],
  searchable: [organizations.name, organizations.subdomain],
};

/** Every organization (onlyId undefined: a Super Admin) or just the caller's own. */
export async function listOrganizations(db: Tx, onlyId: string | undefined, query: OrganizationListQuery) {
  const scope = onlyId ? eq(organizations.id, onlyId) : undefined;
  return listPage(db, organizations, scope, query, listSpec, presentOrganization);
}

export async function findOrganization(db: Tx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function subdomainTaken(db: Tx, subdomain: string, exceptId?: string): Promise<boolean> {
  const where: SQL | undefined = and(
    eq(organizations.subdomain, subdomain),
    exceptId ? ne(organizations.id, exceptId) : undefined,
  );
  const [row] = await db.select({ n: count() }).from(organizations).where(where);
  return (row?.n ?? 0) > 0;
}

export async function insertOrganization(db: Tx, input: OrganizationInput): Promise<OrganizationRow> {
  const [row] = await db
    .insert(organizations)
    .values({ id: newId(), ...input })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateOrganization(
  db: Tx,
  id: string,
  input: OrganizationInput,
): Promise<OrganizationRow | undefined> {
  const [row] = await db.update(organizations).set(input).where(eq(organizations.id, id)).returning();
  return row;
}
