import { ALL_SITES, AUDIT_MSG, type AuditListQuery, type AuditVerify, can } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import { authorize, siteScope } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import { forbidden } from '../../platform/errors.js';
import { requireSite } from '../sites/service.js';
import { canonicalJson, changesDigest, rowHash } from './chain.js';
import * as repo from './repository.js';

/**
 * The sites whose rows the caller may read: those among its own where it holds `read` on `audit`
 * (which counts only with what it needs there, shared access.ts). Undefined: every row, the rows of
 * no site (users, sign-ins, organization settings) too — a caller of All Sites that reads the
 * audit of All Sites.
 */
async function auditSites(db: Db, caller: Caller): Promise<string[] | undefined> {
  const scope = siteScope(caller);
  if (!scope && can(caller.rules, 'audit', 'read', ALL_SITES)) return undefined;
  const candidates = scope ?? (await repo.orgSiteIds(db, caller.orgId));
  return candidates.filter((s) => can(caller.rules, 'audit', 'read', s));
}

/**
 * Reading the trail needs `read` on `audit`; a caller sees only the rows of the sites where it has
 * both the site and that right (a site outside its sites: 404; within them, without the right: 403).
 */
export async function listAudit(db: Db, caller: Caller, query: AuditListQuery, total = true) {
  authorize(caller, 'audit', 'read');
  if (query.site) {
    await requireSite(db, caller, query.site);
    authorize(caller, 'audit', 'read', query.site);
  }
  return repo.listAuditRows(db, caller.orgId, query, await auditSites(db, caller), total);
}

const PAGE = 1000;

/**
 * Walks the caller's organization's chain from its start: every row's hash must be the hash of
 * its content and the previous row's hash, its `changes` must match its digest (unless an erasure
 * took personal data out of them), and the first row must chain from the start or a recorded cut.
 */
export async function verifyAudit(db: Db, caller: Caller): Promise<AuditVerify> {
  authorize(caller, 'audit', 'read');
  // The chain runs through every site's rows: its length and first bad row are the whole trail's.
  if (siteScope(caller) || !can(caller.rules, 'audit', 'read', ALL_SITES))
    throw forbidden(AUDIT_MSG.wholeTrailOnly);
  const starts = await repo.chainStarts(db, caller.orgId);
  let prevHash: string | undefined;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await repo.chainPage(db, caller.orgId, afterId, PAGE);
    for (const row of page) {
      const chained = prevHash === undefined ? starts.has(row.prevHash) : row.prevHash === prevHash;
      const digestHolds = row.erased || changesDigest(row.changes) === row.changesDigest;
      if (!chained || !digestHolds || rowHash(row.prevHash, row) !== row.hash)
        return { ok: false, firstBad: String(row.id) };
      prevHash = row.hash;
      rows++;
    }
    if (page.length < PAGE) return { ok: true, rows };
    afterId = page[page.length - 1]?.id ?? afterId;
  }
}

/** A row's changes as one line of text (the export's last column). */
export const changesText = (changes: unknown) => (changes ? canonicalJson(changes) : '');
