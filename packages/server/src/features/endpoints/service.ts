/** Endpoints (SPEC §2.10): read-only for now; the editor's CRUD comes with the tracking issue. */
import type { EndpointListQuery } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { requireSite } from '../sites/service.js';
import * as repo from './repository.js';

export async function listEndpoints(db: Db, caller: Caller, query: EndpointListQuery) {
  await requireSite(db, caller, query.site);
  return repo.listEndpoints(db, caller.orgId, query);
}
