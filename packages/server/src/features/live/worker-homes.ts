/**
 * What the live stream needs to name workers as REST does: a worker is pseudonymous to a caller
 * where its home site has `pseudonymizeWorkers` on and the caller lacks `identify` on `workers`
 * there (features/privacy/pseudonyms.ts), whichever site's stream sees it. A live message names
 * its workers by id, so each instance keeps, per organization with open streams, its pseudonymous
 * sites and every worker's home site (deleted workers too, as `workerViewFor` has them), read
 * again in each recheck pass of the streams (platform/event-streams.ts) and when a stream opens.
 * An organization without a pseudonymous site costs one read of its sites and holds no workers.
 */
import { SiteSettings } from '@sightline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sites, things } from '../../db/schema.js';

/** One organization's pseudonymous sites and its workers' home sites, as read at one moment. */
export interface OrgWorkerHomes {
  readonly pseudonymousSites: ReadonlySet<string>;
  /** Worker id → home site id; empty when no site is pseudonymous (no one is masked). */
  readonly homes: ReadonlyMap<string, string>;
}

const NONE: OrgWorkerHomes = { pseudonymousSites: new Set(), homes: new Map() };
/** A snapshot this old is read again when a stream opens (a pass refreshes it twice a second). */
const FRESH_MS = 1000;

export function createWorkerHomes(db: Db) {
  const byOrg = new Map<string, { at: number; homes: OrgWorkerHomes }>();

  async function read(orgIds: string[]): Promise<Map<string, OrgWorkerHomes>> {
    const found = new Map<string, OrgWorkerHomes>(orgIds.map((id) => [id, NONE]));
    if (!orgIds.length) return found;
    const siteRows = await db
      .select({ id: sites.id, orgId: sites.orgId, settings: sites.settings })
      .from(sites)
      .where(inArray(sites.orgId, orgIds));
    const pseudonymous = new Map<string, Set<string>>();
    for (const s of siteRows) {
      if (!SiteSettings.parse(s.settings ?? {}).pseudonymizeWorkers) continue;
      const set = pseudonymous.get(s.orgId) ?? new Set<string>();
      set.add(s.id);
      pseudonymous.set(s.orgId, set);
    }
    if (!pseudonymous.size) return found;
    const workers = await db
      .select({ id: things.id, orgId: things.orgId, siteId: things.siteId })
      .from(things)
      .where(and(inArray(things.orgId, [...pseudonymous.keys()]), eq(things.class, 'worker')));
    const homes = new Map<string, Map<string, string>>();
    for (const w of workers) {
      const map = homes.get(w.orgId) ?? new Map<string, string>();
      map.set(w.id, w.siteId);
      homes.set(w.orgId, map);
    }
    for (const [orgId, pseudonymousSites] of pseudonymous)
      found.set(orgId, { pseudonymousSites, homes: homes.get(orgId) ?? new Map() });
    return found;
  }

  return {
    /** The organization's snapshot, if one is held (a stream keeps its last one otherwise). */
    of: (orgId: string): OrgWorkerHomes | undefined => byOrg.get(orgId)?.homes,
    /** The organization's snapshot, read now unless a fresh one is held (a stream about to open). */
    async ensure(orgId: string): Promise<OrgWorkerHomes> {
      const held = byOrg.get(orgId);
      if (held && Date.now() - held.at < FRESH_MS) return held.homes;
      const at = Date.now();
      const homes = (await read([orgId])).get(orgId) ?? NONE;
      byOrg.set(orgId, { at, homes });
      return homes;
    },
    /**
     * Reads the snapshots of these organizations (those with open streams) and forgets the others
     * once stale (one read for a stream about to open is kept).
     */
    async refresh(orgIds: ReadonlySet<string>): Promise<void> {
      const at = Date.now();
      const fresh = await read([...orgIds]);
      for (const [orgId, held] of [...byOrg])
        if (!fresh.has(orgId) && at - held.at >= FRESH_MS) byOrg.delete(orgId);
      for (const [orgId, homes] of fresh) byOrg.set(orgId, { at, homes });
    },
  };
}
