/**
 * Every PostgreSQL advisory lock the server takes, and the keys it takes them by. Nothing else
 * names a lock number or builds a lock key: a new lock gets its constant here, with what it
 * serialises and why.
 *
 * PostgreSQL keeps one-key locks (one bigint) and two-key locks (two int4) apart: they never
 * collide, whatever their values. So:
 * - one-key constants are numbers from 7245001 up, for work done once at start;
 * - two-key locks have a namespace each (their first key, from 7245010 up) and a key within it
 *   (often `hashtext` of a name). Two things never share a namespace unless their keys are fixed
 *   and distinct, so a hashed key can only ever meet a key of its own kind (two organizations
 *   whose ids hash alike wait for each other; nothing else does);
 * - the tag locks are one-key locks on a 64-bit hash of a text that names what is locked
 *   (`tag:<org>:<tag>`, `gen:<org>`): the editors, the import and the tracking store build the
 *   same text here, so they exclude each other.
 *
 * This module lives in db/, the lowest layer, because the migrations and the built-in roles take
 * their locks there; every layer above may import it.
 */
import { type SQL, sql } from 'drizzle-orm';

// One-key locks (session or transaction), each held while something runs once.

/** Session lock: migrations run once when several instances start together (db/client.ts). */
export const MIGRATIONS_LOCK = 7_245_001;
/** The built-in roles are rewritten at every start; instances starting together do it in turn (db/seed-roles.ts). */
export const BUILT_IN_ROLES_LOCK = 7_245_002;
/** The first organization and administrator are created once, on an empty database (bootstrap.ts). */
export const FIRST_START_LOCK = 7_245_003;
/** The demo data is seeded once, while the demo organization has no site (features/demo/seed.ts). */
export const DEMO_SEED_LOCK = 7_245_004;

// Two-key namespaces.

/**
 * `(ORGANIZATION_LOCK_SPACE, hashtext(org))`, transaction: one organization's tracking writers
 * (ingest, manual moves, the kill and the other tracking jobs) run in turn, so the engine state
 * each loads is the one the previous committed. Ingest partitions hold it shared, the rest exclusive.
 */
export const ORGANIZATION_LOCK_SPACE = 7_245_010;
/**
 * `(PARTITION_LOCK_SPACE, hashtext('<org>:<partition>'))`, transaction: one transaction per ingest
 * partition of an organization (tracking/store/partitions.ts), under the organization lock shared.
 */
export const PARTITION_LOCK_SPACE = 7_245_011;
/**
 * `(PRESENCE_LOCK_SPACE, 1)`, session, shared: held by every live bus listening on the database,
 * so a publisher can tell whether anyone else would receive its NOTIFY (platform/live.ts counts
 * the holders in pg_locks). Its own namespace: a partition key is a hash and could equal 1.
 */
export const PRESENCE_LOCK_SPACE = 7_245_012;
/** `(JOB_LOCK_SPACE, hashtext(claim))`, transaction, try: one instance claims a scheduled job's run (platform/jobs.ts). */
export const JOB_LOCK_SPACE = 7_245_020;
/**
 * `(KEPT_COUNTS_LOCK_SPACE, 1 | 2)`, transaction, try: one fold of the kept zone counts (1) or
 * category counts (2) at a time (db/kept-counts.ts); a second instance skips its fold.
 */
export const KEPT_COUNTS_LOCK_SPACE = 7_245_030;
/** `(EVENT_DAYS_LOCK_SPACE, hashtext(org))`, transaction, try: one events-rollup fold per organization (features/reports/event-days.ts). */
export const EVENT_DAYS_LOCK_SPACE = 7_245_040;

/**
 * `(AUDIT_CHAIN_LOCK_SPACE, hashtext(org))`, transaction: one organization's audit rows are
 * chained one at a time (features/audit/repository.ts), each after the row it hashes over.
 */
export const AUDIT_CHAIN_LOCK_SPACE = 7_245_050;

/** The two keys of a lock, as the arguments of a `pg_advisory_*` call. */
const twoKeys = (space: number, key: SQL) => sql`${space}, ${key}`;

/** The organization lock's keys. */
export const organizationLockKeys = (orgId: string): SQL =>
  twoKeys(ORGANIZATION_LOCK_SPACE, sql`hashtext(${orgId})`);

/** A partition lock's keys. */
export const partitionLockKeys = (orgId: string, partition: number): SQL =>
  twoKeys(PARTITION_LOCK_SPACE, sql`hashtext(${`${orgId}:${partition}`})`);

/** A scheduled job claim's keys (the claim names the job, and the organizations of a scoped run). */
export const jobLockKeys = (claim: string): SQL => twoKeys(JOB_LOCK_SPACE, sql`hashtext(${claim})`);

/** An organization's events-rollup fold's keys. */
export const eventDaysLockKeys = (orgId: string): SQL =>
  twoKeys(EVENT_DAYS_LOCK_SPACE, sql`hashtext(${orgId})`);

/** An organization's audit chain lock's keys. */
export const auditChainLockKeys = (orgId: string): SQL =>
  twoKeys(AUDIT_CHAIN_LOCK_SPACE, sql`hashtext(${orgId})`);

/** The presence lock's keys, as bind values of a plain `pg` query. */
export const PRESENCE_LOCK = [PRESENCE_LOCK_SPACE, 1] as const;

/** The kept counts' fold locks. */
export const ZONE_COUNTS_LOCK = [KEPT_COUNTS_LOCK_SPACE, 1] as const;
export const CATEGORY_COUNTS_LOCK = [KEPT_COUNTS_LOCK_SPACE, 2] as const;

/** The text a tag's lock hashes: one organization's tag, whoever claims it (a thing, a location tag, an import). */
export const tagLockText = (orgId: string, tag: string): string => `tag:${orgId}:${tag}`;

/** The same text built in SQL from a tag expression (a column of a set of tags locked in one statement). */
export const tagLockTextSql = (orgId: string, tag: SQL): SQL => sql`'tag:' || ${orgId} || ':' || ${tag}`;

/** The text of the lock on an organization's generated tag numbers (an import's new tags). */
export const tagGenerationLockText = (orgId: string): string => `gen:${orgId}`;

/** The one-key lock of a lock text (tags, tag generation): its 64-bit hash. */
export const textLockKey = (text: SQL | string): SQL => sql`hashtextextended(${text}, 0)`;
