import type { API_KEY_SORT_FIELDS, ApiKeyListQuery } from '@sightline/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { ApiKeyRow } from '../../db/rows.js';
import { apiKeys } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { type ListSpec, listPage } from '../../platform/list-query.js';
import { presentApiKey } from './presenter.js';

const listSpec: ListSpec<(typeof API_KEY_SORT_FIELDS)[number]> = {
  sortable: { name: apiKeys.name, timeCreated: apiKeys.timeCreated },
  defaultSort: [asc(apiKeys.name), asc(apiKeys.id)],
  searchable: [apiKeys.name, apiKeys.tokenPrefix],
};

/**
 * The organization's keys; with a site scope (a caller limited to some sites) only keys whose
 * sites all lie within it, so nobody sees or deletes a key wider than themselves.
 */
function scope(orgId: string, siteIds: string[] | undefined): SQL | undefined {
  return and(
    eq(apiKeys.orgId, orgId),
    siteIds
      ? sql`${apiKeys.sites} <@ ARRAY[${sql.join(
          (siteIds.length ? siteIds : ['']).map((s) => sql`${s}`),
          sql`, `,
        )}]::text[]`
      : undefined,
  );
}

export async function listApiKeys(
  db: Tx,
  orgId: string,
  siteIds: string[] | undefined,
  query: ApiKeyListQuery,
) {
  return listPage(db, apiKeys, scope(orgId, siteIds), query, listSpec, (r) => presentApiKey(r));
}

export async function findApiKey(db: Tx, orgId: string, siteIds: string[] | undefined, id: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(scope(orgId, siteIds), eq(apiKeys.id, id)));
  return row;
}

interface NewApiKey {
  name: string;
  tokenHash: string;
  tokenPrefix: string;
  roles: string[];
  sites: string[];
}

export async function insertApiKey(db: Tx, orgId: string, key: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({ id: newId(), orgId, ...key })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteApiKey(db: Tx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
