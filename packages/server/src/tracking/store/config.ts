/**
 * The organization's tracking configuration — zones, endpoints, maps, location tags, as the
 * engine's `SiteModel` and the names live messages need — kept in memory per instance
 * (docs/decisions/0025-tracking-configuration-kept.md).
 *
 * Validity is checked in every batch, not pushed: triggers bump
 * `organizations.tracking_config_version` in the transaction of every write of those tables
 * (migration 0017), and the batch's load statement reads the version in the same snapshot as the
 * things' state, returning the configuration only when the version is not the one kept here
 * (load.ts). So an edit by any writer — an editor, an import, another instance — is seen by the
 * first batch whose snapshot sees the edit, with no message between instances.
 *
 * Not kept: an endpoint's current location (written by batches themselves; read fresh each batch),
 * thing state and open events.
 */
import type { Db } from '../../db/client.js';
import type { LocationTagModel, SiteModel } from '../engine/index.js';
import type { Directory } from './load.js';

/** One organization's configuration as of `version`. Never changed once built: batches share it. */
export interface OrgConfig {
  version: number;
  model: SiteModel;
  /** The model's location tags by id (the model's are by tag), for endpoints' locations. */
  locationTagsById: ReadonlyMap<string, LocationTagModel>;
  names: Omit<Directory, 'thingNames' | 'workers'>;
}

/** Organizations kept per instance; the least recently used goes first beyond this. */
const CONFIG_CACHE_ORGS = 1_000;

export class ConfigCache {
  private readonly byOrg = new Map<string, OrgConfig>();

  /** The configuration kept for the organization (whatever its version). */
  get(orgId: string): OrgConfig | undefined {
    const kept = this.byOrg.get(orgId);
    if (kept) {
      this.byOrg.delete(orgId); // most recently used last
      this.byOrg.set(orgId, kept);
    }
    return kept;
  }

  /**
   * Keeps a configuration just loaded, unless a newer one is kept already (two transactions of the
   * organization can load at once; versions only grow, so the larger is the later).
   */
  keep(orgId: string, config: OrgConfig): void {
    const kept = this.byOrg.get(orgId);
    if (kept && kept.version > config.version) return;
    this.byOrg.delete(orgId);
    this.byOrg.set(orgId, config);
    if (this.byOrg.size > CONFIG_CACHE_ORGS) {
      const oldest = this.byOrg.keys().next();
      if (!oldest.done) this.byOrg.delete(oldest.value);
    }
  }
}

/** One cache per database handle (one handle = one instance, as group.ts's queues). */
const caches = new WeakMap<Db, ConfigCache>();

export function configCacheOf(db: Db): ConfigCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ConfigCache();
    caches.set(db, cache);
  }
  return cache;
}
