/**
 * Demo data (docs/decisions/0047-demo-data.md): on first start the demo organization gets two sites
 * with zones, readers, floor-plan maps, location tags, categories, 200 items, 30 workers, a kit,
 * reader heartbeats, one user per built-in role, two report configurations, a webhook to the demo's
 * own receiver with its delivery log, the zone-time exceptions already due, and a dozen photos.
 * Idempotent: it runs only while the organization has no site, under an advisory lock so two
 * instances starting together seed once. The photos are uploaded after that transaction commits
 * (the upload path checks their site), as the demo administrator.
 */
import { ALL_SITES, BUILT_IN_ROLES, ROLE_IDS } from '@sightline/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { demoReceiverUrl } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { DEMO_SEED_LOCK } from '../../db/locks.js';
import {
  categories,
  exceptions,
  organizations,
  reportConfigs,
  sites,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema.js';
import { callerForUser } from '../../platform/authenticate.js';
import type { App } from '../../platform/context.js';
import { hashPassword } from '../../platform/crypto.js';
import { newId, randomToken } from '../../platform/ids.js';
import { lockOrganization } from '../../tracking/store/process.js';
import { mapKey } from '../maps/files.js';
import { CATEGORY_NAMES, type CategoryName, DEMO_SITES, DEMO_USERS } from './catalog.js';
import { buildExtraRows } from './extras.js';
import { floorPlanSvg } from './floorplan.js';
import { insertDemoRows } from './insert.js';
import { seedPhotos } from './photos.js';
import { seededRandom } from './random.js';
import { buildSiteRows, type SiteRows } from './site-rows.js';
import { buildThingRows, type ThingContext, type ThingRows } from './thing-rows.js';

interface DemoOptions {
  /** The organization to seed (default 'demo', created by bootstrap). */
  subdomain?: string;
  /** Domain of the demo users' emails (default 'demo.sightline.local'). */
  emailDomain?: string;
  /** Where the credentials are printed (default console.log). */
  print?: (text: string) => void;
}

export interface DemoSummary {
  orgId: string;
  users: { email: string; role: string }[];
  password: string;
}

const RANDOM_SEED = 20_240_901;

async function demoOrganization(db: Tx, subdomain: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.subdomain, subdomain));
  if (!org) return undefined;
  const [siteCount] = await db.select({ n: count() }).from(sites).where(eq(sites.orgId, org.id));
  return (siteCount?.n ?? 0) === 0 ? org : undefined;
}

/** The demo categories by name; an existing category of the same name (any case) is reused. */
async function ensureCategories(tx: Tx, orgId: string): Promise<Record<CategoryName, string>> {
  await tx
    .insert(categories)
    .values(CATEGORY_NAMES.map((name) => ({ id: newId(), orgId, name })))
    .onConflictDoNothing();
  const lower = CATEGORY_NAMES.map((n) => n.toLowerCase());
  const rows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.orgId, orgId), inArray(sql`lower(${categories.name})`, lower)));
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  const id = (name: CategoryName) => byName.get(name.toLowerCase()) ?? '';
  return {
    Tools: id('Tools'),
    Laptops: id('Laptops'),
    Pallets: id('Pallets'),
    Kits: id('Kits'),
    'Safety Gear': id('Safety Gear'),
  };
}

export async function seedDemo(app: App, options: DemoOptions = {}): Promise<DemoSummary | undefined> {
  const { db, config } = app.ctx;
  const subdomain = options.subdomain ?? 'demo';
  const emailDomain = options.emailDomain ?? 'demo.sightline.local';
  if (!(await demoOrganization(db, subdomain))) return undefined;
  const password = config.adminPassword ?? `${randomToken(9)}-Sl9`;
  const passwordHash = await hashPassword(password);

  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const org = await demoOrganization(tx, subdomain);
    if (!org) return undefined;
    const now = Date.now();
    const random = seededRandom(RANDOM_SEED);
    const categoryIds = await ensureCategories(tx, org.id);
    const thingCtx: ThingContext = {
      orgId: org.id,
      now,
      random,
      categoryIds,
      usedTags: new Set(),
      counters: { models: new Map(), workers: 0 },
    };
    const siteRows: SiteRows[] = [];
    const thingRows: ThingRows[] = [];
    DEMO_SITES.forEach((def, index) => {
      const ctx = { orgId: org.id, now, emailDomain, random, index, parentCategoryIds: [categoryIds.Kits] };
      const site = buildSiteRows(def, ctx);
      siteRows.push(site);
      thingRows.push(buildThingRows(def, site, index === 0, thingCtx));
    });
    const demoUsers = DEMO_USERS.map((u) => ({
      id: newId(now),
      orgId: org.id,
      name: u.name,
      username: `${u.local}@${emailDomain}`,
      passwordHash,
      roles: [ROLE_IDS[u.role]],
      sites: [ALL_SITES],
    }));
    // Its events are written like the tracking store's, under the organization lock: the Activity
    // rollup (features/reports/event-days.ts) relies on every writer of events holding it.
    await lockOrganization(tx, org.id);
    await insertDemoRows(tx, siteRows, thingRows);
    const created = await tx.insert(users).values(demoUsers).onConflictDoNothing().returning();
    const extra = buildExtraRows(siteRows, thingRows, {
      orgId: org.id,
      now,
      categoryIds,
      receiverUrl: demoReceiverUrl(config),
      acknowledgedBy: created.find((u) => u.roles.includes(ROLE_IDS.manager))?.id,
    });
    await tx.insert(reportConfigs).values(extra.reportConfigs);
    if (extra.webhooks.length) await tx.insert(webhooks).values(extra.webhooks);
    if (extra.deliveries.length) await tx.insert(webhookDeliveries).values(extra.deliveries);
    if (extra.exceptions.length) await tx.insert(exceptions).values(extra.exceptions);

    for (const [i, site] of siteRows.entries()) {
      const svg = Buffer.from(floorPlanSvg(DEMO_SITES[i]?.name ?? ''));
      await app.ctx.storage.put(mapKey(site.map.image ?? ''), svg, 'image/svg+xml');
    }
    const roleName = (id: string) => BUILT_IN_ROLES.find((r) => r.id === id)?.name ?? id;
    const admin = created.find((u) => u.roles.includes(ROLE_IDS.admin));
    return {
      orgId: org.id,
      users: created.map((u) => ({ email: u.username, role: roleName(u.roles[0] ?? '') })),
      password,
      photos: { admin, siteIds: siteRows.map((s) => s.site.id ?? ''), categoryIds, now },
    };
  });
  if (summary?.photos.admin) {
    const caller = await callerForUser(db, summary.photos.admin);
    const { siteIds, categoryIds, now } = summary.photos;
    // The photos are a nicety: a failure to make them must not stop the server from starting.
    if (caller)
      await seedPhotos(app.ctx, caller, siteIds, categoryIds, now).catch((err: unknown) =>
        console.warn('demo photos were not created:', err instanceof Error ? err.message : err),
      );
  }
  if (!summary) return undefined;
  const result: DemoSummary = { orgId: summary.orgId, users: summary.users, password: summary.password };
  (options.print ?? console.log)(banner(result, !config.adminPassword));
  return result;
}

function banner(summary: DemoSummary, generated: boolean): string {
  const width = Math.max(...summary.users.map((u) => u.email.length));
  return [
    '',
    '  Demo data is ready. Sign in as any of these users:',
    ...summary.users.map((u) => `    ${u.email.padEnd(width)}  (${u.role})`),
    generated
      ? `    password: ${summary.password}   (the same for all; shown once; set ADMIN_PASSWORD to choose it)`
      : '    password: (from ADMIN_PASSWORD)',
    '',
  ].join('\n');
}
