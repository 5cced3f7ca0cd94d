/**
 * API keys: created once with the full token shown once, stored as a
 * SHA-256 hash, listed by prefix, never edited, deleted with modify rights. A key never carries
 * Super Admin and never reaches sites its creator cannot.
 */
import { randomBytes } from 'node:crypto';
import {
  ALL_SITES,
  API_KEY_MSG,
  API_KEY_PREFIX_LENGTH,
  API_KEY_TOKEN_PREFIX,
  type ApiKeyInput,
  type ListQuery,
  SUPER_ADMIN_ROLE_ID,
} from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { sha256 } from '../../platform/crypto.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { visibleRoleIds } from '../roles/repository.js';
import { existingSiteIds } from '../users/repository.js';
import { presentApiKey } from './presenter.js';
import * as repo from './repository.js';

const invalidField = (path: string, message: string) => badRequest(message, [{ path, message }]);

export function newApiKeyToken(): string {
  return API_KEY_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function listApiKeys(db: Db, caller: Caller, query: ListQuery) {
  authorize(caller, 'apikeys', 'create', undefined, 'read');
  return repo.listApiKeys(db, caller.orgId, siteScope(caller), query);
}

async function requireApiKey(db: Db, caller: Caller, id: string) {
  const row = await repo.findApiKey(db, caller.orgId, siteScope(caller), id);
  if (!row) throw notFound('API key');
  return row;
}

export async function getApiKey(db: Db, caller: Caller, id: string) {
  authorize(caller, 'apikeys', 'create', undefined, 'read');
  return presentApiKey(await requireApiKey(db, caller, id));
}

export async function createApiKey(db: Db, caller: Caller, input: ApiKeyInput) {
  authorize(caller, 'apikeys', 'create');
  const roles = [...new Set(input.roles)];
  const sites = [...new Set(input.securityCtx.sites)];
  if (roles.includes(SUPER_ADMIN_ROLE_ID)) throw invalidField('roles', API_KEY_MSG.superAdminRefused);
  const knownRoles = await visibleRoleIds(db, caller.orgId, roles);
  const unknownRole = roles.find((r) => !knownRoles.has(r));
  if (unknownRole) throw invalidField('roles', API_KEY_MSG.unknownRole(unknownRole));

  const siteIds = sites.filter((s) => s !== ALL_SITES);
  const knownSites = await existingSiteIds(db, caller.orgId, siteIds);
  const unknownSite = siteIds.find((s) => !knownSites.has(s));
  if (unknownSite) throw invalidField('securityCtx.sites', API_KEY_MSG.unknownSite(unknownSite));
  const scope = siteScope(caller);
  if (scope && sites.some((s) => !scope.includes(s))) throw forbidden(API_KEY_MSG.ownSitesOnly);

  const token = newApiKeyToken();
  const row = await repo.insertApiKey(db, caller.orgId, {
    name: input.name,
    tokenHash: sha256(token),
    tokenPrefix: token.slice(0, API_KEY_PREFIX_LENGTH),
    roles,
    sites,
  });
  return presentApiKey(row, token);
}

export async function deleteApiKey(db: Db, caller: Caller, id: string) {
  await requireApiKey(db, caller, id);
  authorize(caller, 'apikeys', 'modify', undefined, 'delete');
  await repo.deleteApiKey(db, caller.orgId, id);
}
