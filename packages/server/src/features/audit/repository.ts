import { type AUDIT_SORT_FIELDS, type AuditListQuery, type AuditRow, SiteSettings } from '@sightline/shared';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditChainLockKeys } from '../../db/locks.js';
import type { AuditRowRecord } from '../../db/rows.js';
import { auditRows, reportConfigs, sites, things, users } from '../../db/schema.js';
import { escapeLike, type ListSpec, listPage } from '../../platform/list-query.js';
import { canonicalJson, changesDigest, GENESIS, rowHash } from './chain.js';
import { nameInChanges, presentAuditRow } from './presenter.js';

/** An audit row before it is chained. */
export interface AuditEntry {
  orgId: string;
  time?: Date;
  actor: { type: string; id: string | null; name: string };
  ip?: string | null;
  userAgent?: string | null;
  action: string;
  resource: string;
  resourceId?: string | null;
  siteId?: string | null;
  changes?: Record<string, unknown> | null;
}

/**
 * Appends rows to their organization's chain. Each organization's chain lock is held to the end of
 * the transaction, so the next writer chains after this row whichever commits first.
 */
export async function appendAuditRows(tx: Tx, entries: AuditEntry[]): Promise<void> {
  const orgs = [...new Set(entries.map((e) => e.orgId))].sort();
  for (const orgId of orgs) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${auditChainLockKeys(orgId)})`);
    const [last] = await tx
      .select({ hash: auditRows.hash })
      .from(auditRows)
      .where(eq(auditRows.orgId, orgId))
      .orderBy(desc(auditRows.id))
      .limit(1);
    let prevHash = last?.hash ?? GENESIS;
    for (const e of entries.filter((x) => x.orgId === orgId)) {
      const changes = e.changes ?? null;
      const content = {
        orgId,
        time: e.time ?? new Date(),
        actorType: e.actor.type,
        actorId: e.actor.id,
        actorName: e.actor.name,
        ip: e.ip ?? null,
        userAgent: e.userAgent?.slice(0, 500) ?? null,
        action: e.action,
        resource: e.resource,
        resourceId: e.resourceId ?? null,
        siteId: e.siteId ?? null,
        changesDigest: changesDigest(changes),
      };
      const hash = rowHash(prevHash, content);
      await tx.insert(auditRows).values({ ...content, changes, prevHash, hash });
      prevHash = hash;
    }
  }
}

const listSpec: ListSpec<(typeof AUDIT_SORT_FIELDS)[number]> = {
  sortable: { time: auditRows.time },
  defaultSort: [desc(auditRows.time), desc(auditRows.id)],
  searchable: [auditRows.actorName, auditRows.resource, auditRows.action],
};

/** The ids of the organization's sites. */
export async function orgSiteIds(db: Tx, orgId: string): Promise<string[]> {
  const found = await db.select({ id: sites.id }).from(sites).where(eq(sites.orgId, orgId));
  return found.map((s) => s.id);
}

/** The rows of an organization matching the list's filters; `sites`: the only sites whose rows the caller reads. */
export async function listAuditRows(
  db: Tx,
  orgId: string,
  query: AuditListQuery,
  sites: string[] | undefined,
  total = true,
) {
  const filters: (SQL | undefined)[] = [
    eq(auditRows.orgId, orgId),
    query.after ? gte(auditRows.time, new Date(query.after)) : undefined,
    query.before ? lt(auditRows.time, new Date(query.before)) : undefined,
    query.actor
      ? or(eq(auditRows.actorId, query.actor), ilike(auditRows.actorName, `%${escapeLike(query.actor)}%`))
      : undefined,
    query.action ? eq(auditRows.action, query.action) : undefined,
    query.resource ? eq(auditRows.resource, query.resource) : undefined,
    query.resourceId ? eq(auditRows.resourceId, query.resourceId) : undefined,
    query.site ? eq(auditRows.siteId, query.site) : undefined,
    sites ? inArray(auditRows.siteId, sites.length ? sites : ['']) : undefined,
  ];
  const page = await listPage(db, auditRows, and(...filters), query, listSpec, presentAuditRow, { total });
  await nameRecords(db, orgId, sites, page.items);
  return page;
}

/**
 * Gives the rows that name no record name (an update that left the name alone, an acknowledge) the
 * latest name the trail holds for their record, read only from rows of the caller's sites: one
 * query through the (organization, record) index for the whole page.
 */
async function nameRecords(db: Tx, orgId: string, sites: string[] | undefined, rows: AuditRow[]) {
  const unnamed = rows.filter((r) => r.resourceId && !r.resourceName);
  if (!unnamed.length) return;
  const ids = [...new Set(unnamed.map((r) => r.resourceId as string))];
  const found = await db
    .selectDistinctOn([auditRows.resource, auditRows.resourceId], {
      resource: auditRows.resource,
      resourceId: auditRows.resourceId,
      changes: auditRows.changes,
    })
    .from(auditRows)
    .where(
      and(
        eq(auditRows.orgId, orgId),
        inArray(auditRows.resourceId, ids),
        sql`${auditRows.changes} ? 'name'`,
        sites ? inArray(auditRows.siteId, sites.length ? sites : ['']) : undefined,
      ),
    )
    .orderBy(auditRows.resource, auditRows.resourceId, desc(auditRows.id));
  const names = new Map(found.map((f) => [`${f.resource}\u0000${f.resourceId}`, nameInChanges(f.changes)]));
  for (const row of unnamed) row.resourceName = names.get(`${row.resource}\u0000${row.resourceId}`) ?? null;
}

/** One page of an organization's chain in order, after row `afterId`. */
export function chainPage(db: Tx, orgId: string, afterId: number, limit: number): Promise<AuditRowRecord[]> {
  return db
    .select()
    .from(auditRows)
    .where(and(eq(auditRows.orgId, orgId), gt(auditRows.id, afterId)))
    .orderBy(asc(auditRows.id))
    .limit(limit);
}

/** Where an organization's chain may start: the beginning, or where a purge cut it. */
export async function chainStarts(db: Tx, orgId: string): Promise<Set<string>> {
  const cuts = await db
    .select({ changes: auditRows.changes })
    .from(auditRows)
    .where(and(eq(auditRows.orgId, orgId), eq(auditRows.action, 'purge')));
  const starts = new Set([GENESIS]);
  for (const c of cuts) if (typeof c.changes?.chainStart === 'string') starts.add(c.changes.chainStart);
  return starts;
}

/**
 * Deletes an organization's rows older than `before` (the retention purge), under the chain lock,
 * and records the cut: the hash the first kept row chains from, which `verify` then accepts as the
 * chain's start. Returns how many rows went.
 */
export async function purgeAuditRows(tx: Tx, orgId: string, before: Date): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${auditChainLockKeys(orgId)})`);
  await tx.execute(sql`SELECT set_config('sightline.audit_maintenance', 'purge', true)`);
  const gone = await tx
    .delete(auditRows)
    .where(and(eq(auditRows.orgId, orgId), lt(auditRows.time, before)))
    .returning({ id: auditRows.id });
  await tx.execute(sql`SELECT set_config('sightline.audit_maintenance', '', true)`);
  if (!gone.length) return 0;
  const [first] = await tx
    .select({ prevHash: auditRows.prevHash })
    .from(auditRows)
    .where(eq(auditRows.orgId, orgId))
    .orderBy(asc(auditRows.id))
    .limit(1);
  await appendAuditRows(tx, [
    {
      orgId,
      actor: { type: 'system', id: null, name: 'Retention' },
      action: 'purge',
      resource: 'audit',
      changes: { before: before.toISOString(), rows: gone.length, chainStart: first?.prevHash ?? GENESIS },
    },
  ]);
  return gone.length;
}

/**
 * A deleted organization's chain goes with it: its rows would be personal data (names, addresses)
 * no one could read, verify or purge any more. They are deleted the way the retention purge
 * deletes, and the deleting Super Admin's own chain records how many went and the deleted chain's
 * last hash, so an export taken before still proves what the chain held.
 */
export async function dropOrganizationChain(
  tx: Tx,
  orgId: string,
  recordIn: Omit<AuditEntry, 'action' | 'resource' | 'changes'>,
): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${auditChainLockKeys(orgId)})`);
  const [last] = await tx
    .select({ hash: auditRows.hash })
    .from(auditRows)
    .where(eq(auditRows.orgId, orgId))
    .orderBy(desc(auditRows.id))
    .limit(1);
  if (!last) return 0;
  await tx.execute(sql`SELECT set_config('sightline.audit_maintenance', 'purge', true)`);
  const gone = await tx.delete(auditRows).where(eq(auditRows.orgId, orgId)).returning({ id: auditRows.id });
  await tx.execute(sql`SELECT set_config('sightline.audit_maintenance', '', true)`);
  await appendAuditRows(tx, [
    {
      ...recordIn,
      action: 'purge',
      resource: 'audit',
      resourceId: orgId,
      changes: { organization: orgId, rows: gone.length, lastHash: last.hash },
    },
  ]);
  return gone.length;
}

/** The organization and name of a user, for sign-in rows (which have no caller yet). */
export async function userById(db: Tx, id: string) {
  const [row] = await db
    .select({ id: users.id, orgId: users.orgId, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The accounts a sign-in names (a username is unique per organization). */
export function usersByUsername(db: Tx, username: string) {
  return db
    .select({ id: users.id, orgId: users.orgId, name: users.name, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
}

/** A thing of the organization if it is a worker: its id and name. */
export async function workerById(db: Tx, orgId: string, id: string) {
  const [row] = await db
    .select({ id: things.id, name: things.name, siteId: things.siteId })
    .from(things)
    .where(and(eq(things.orgId, orgId), eq(things.id, id), eq(things.class, 'worker')));
  return row;
}

/** Whether a site of the organization has any worker. */
export async function siteHasWorkers(db: Tx, orgId: string, siteId: string): Promise<boolean> {
  const [site] = await db
    .select({ settings: sites.settings })
    .from(sites)
    .where(and(eq(sites.orgId, orgId), eq(sites.id, siteId)));
  if (!site || SiteSettings.parse(site.settings ?? {}).hideWorkers) return false;
  const [row] = await db
    .select({ id: things.id })
    .from(things)
    .where(and(eq(things.orgId, orgId), eq(things.siteId, siteId), eq(things.class, 'worker')))
    .limit(1);
  return row !== undefined;
}

/** The site of a report configuration of the organization. */
export async function reportConfigSite(db: Tx, orgId: string, id: string) {
  const [row] = await db
    .select({ siteId: reportConfigs.siteId })
    .from(reportConfigs)
    .where(and(eq(reportConfigs.orgId, orgId), eq(reportConfigs.id, id)));
  return row?.siteId;
}

const ERASED = '[erased]';

/** `value` with every occurrence of `terms` inside its strings replaced by "[erased]". */
function scrub(value: unknown, terms: string[]): unknown {
  if (typeof value === 'string') return terms.reduce((text, term) => text.split(term).join(ERASED), value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, terms));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, terms)]));
  return value;
}

/**
 * Takes a person's name, serial and tags (`terms`) out of the audit rows about them, keeping each
 * row's hash and digest (the chain still verifies; the row is marked erased). A row is about them
 * when its record is one of `about` (the worker, then its exceptions) or its changes name the
 * worker's id (a read listing the worker): only those rows are scrubbed, so an erasure never
 * rewrites what other rows say of other records that happen to hold the same text. Returns how
 * many rows changed.
 */
export async function eraseFromAudit(tx: Tx, orgId: string, about: string[], terms: string[]) {
  const [thingId = ''] = about;
  const words = [
    ...new Set([...terms, ...(await heldValues(tx, orgId, thingId))].filter((t) => t.length >= 3)),
  ].sort((a, b) => b.length - a.length);
  if (!words.length) return 0;
  const concerning = or(
    inArray(auditRows.resourceId, about),
    sql`${auditRows.changes}::text LIKE ${`%${escapeLike(thingId)}%`}`,
  );
  const found = await tx
    .select({ id: auditRows.id, changes: auditRows.changes })
    .from(auditRows)
    .where(and(eq(auditRows.orgId, orgId), concerning));
  await tx.execute(sql`SELECT set_config('sightline.audit_maintenance', 'erase', true)`);
  let n = 0;
  for (const row of found) {
    const changes = scrub(row.changes, words) as Record<string, unknown> | null;
    if (canonicalJson(changes) === canonicalJson(row.changes)) continue;
    await tx.update(auditRows).set({ changes, erased: true }).where(eq(auditRows.id, row.id));
    n++;
  }
  await tx.execute(sql`SELECT set_config('sightline.audit_maintenance', '', true)`);
  return n;
}

/** Fields of a thing that name the person or their tags. */
const PERSONAL_FIELDS = ['name', 'serial', 'tag1', 'tag2', 'tags', 'alarmTamperTag'];

/** Every value the thing's personal fields held in the rows about it (a name or tag changed since). */
async function heldValues(tx: Tx, orgId: string, thingId: string): Promise<string[]> {
  const about = await tx
    .select({ changes: auditRows.changes })
    .from(auditRows)
    .where(and(eq(auditRows.orgId, orgId), eq(auditRows.resourceId, thingId)));
  const values: string[] = [];
  const collect = (v: unknown) => {
    if (typeof v === 'string') values.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
  };
  for (const { changes } of about) for (const field of PERSONAL_FIELDS) collect(changes?.[field]);
  return values.filter((v) => v !== '[erased]');
}

/** The rows that name a thing (its id as the record, or in a read's list of workers). */
export function rowsNamingThing(db: Tx, orgId: string, thingId: string) {
  return db
    .select()
    .from(auditRows)
    .where(
      and(
        eq(auditRows.orgId, orgId),
        or(eq(auditRows.resourceId, thingId), sql`${auditRows.changes}::text LIKE ${`%${thingId}%`}`),
      ),
    )
    .orderBy(asc(auditRows.id));
}
