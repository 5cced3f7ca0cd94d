/**
 * Factories for reports: categories (organization-wide) and report configs, written to the database,
 * and a scenario for the report contents.
 */
import type { ReportFormat, ReportHeading, ReportType } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.js';
import { categories, exceptions, reportConfigs, sites } from '../../src/db/schema.js';
import type { App } from '../../src/platform/context.js';
import { newId, randomToken } from '../../src/platform/ids.js';
import { postNative, trackedSite } from './ingest.factory.js';
import { makeThing } from './thing.factory.js';

export async function makeCategory(
  db: Tx,
  orgId: string,
  overrides: Partial<typeof categories.$inferInsert> = {},
) {
  const row = { id: newId(), orgId, name: `Category ${randomToken(3)}`, ...overrides };
  await db.insert(categories).values(row);
  return { id: row.id, name: row.name };
}

export async function makeReportConfig(
  db: Tx,
  orgId: string,
  siteId: string,
  overrides: Partial<Omit<typeof reportConfigs.$inferInsert, 'type' | 'format' | 'headings'>> & {
    type?: ReportType;
    format?: ReportFormat;
    headings?: ReportHeading[];
  } = {},
) {
  const row = {
    id: newId(),
    orgId,
    siteId,
    name: `Report ${randomToken(3)}`,
    type: 'reportTypeSeen' as ReportType,
    format: 'excel' as ReportFormat,
    ...overrides,
  };
  await db.insert(reportConfigs).values(row);
  return { id: row.id, name: row.name };
}

const TZ = 'America/New_York';

/**
 * A report scenario built through the tracking engine (native ingest): a site in New York (UTC-5
 * in January), zones Dock and Store with a reader each, categories Crew, Tools and Spare.
 * - Worker "-Ann" (Crew): Dock 22:00 on Jan 10 (local) → Store 02:00 Jan 11 (a stay across
 *   midnight), seen again in Store at 03:00, back to Dock at 04:00 and still there.
 * - Item "=Drill" (Tools): Store at 10:00 Jan 11, still there.
 * - Item "Saw" (Tools): never seen. Category Spare: nobody.
 */
export async function reportScenario(app: App) {
  const t = await trackedSite(app);
  const { db } = app.ctx;
  await db.update(sites).set({ timezone: TZ }).where(eq(sites.id, t.site.id));
  const { dockReader, storeReader, dock } = t;
  const crew = await makeCategory(db, t.org.id, { name: 'Crew' });
  const tools = await makeCategory(db, t.org.id, { name: 'Tools' });
  const spare = await makeCategory(db, t.org.id, { name: 'Spare' });
  const ann = (
    await makeThing(db, t.org.id, t.site.id, {
      tag: 'A11CE',
      name: '-Ann',
      class: 'worker',
      categories: [crew.id],
    })
  ).id;
  const drill = (
    await makeThing(db, t.org.id, t.site.id, { tag: 'D411', name: '=Drill', categories: [tools.id] })
  ).id;
  const saw = (await makeThing(db, t.org.id, t.site.id, { tag: '5A3', name: 'Saw', categories: [tools.id] }))
    .id;
  const sight = async (reader: typeof dockReader, tag: string, time: string) => {
    const res = await postNative(app, reader, [{ tag, antenna: 1, time }]);
    if (res.statusCode !== 200) throw new Error(`ingest failed: ${res.body}`);
  };
  await sight(dockReader, 'A11CE', '2024-01-11T03:00:00.000Z'); // 22:00 Jan 10 local
  await sight(storeReader, 'A11CE', '2024-01-11T07:00:00.000Z'); // 02:00 Jan 11
  await sight(storeReader, 'A11CE', '2024-01-11T08:00:00.000Z'); // 03:00
  await sight(dockReader, 'A11CE', '2024-01-11T09:00:00.000Z'); // 04:00
  await sight(storeReader, 'D411', '2024-01-11T15:00:00.000Z'); // 10:00
  // One zone-time exception (60 minutes allowed) and one on another day, outside the period.
  for (const time of ['2024-01-11T04:00:00.000Z', '2024-01-20T04:00:00.000Z'])
    await db.insert(exceptions).values({
      id: newId(),
      orgId: t.org.id,
      siteId: t.site.id,
      type: 'zoneTimeException',
      time: new Date(time),
      thingId: ann,
      zoneId: dock,
      timeDurationNs: 60 * 60_000_000_000,
      stayStart: new Date(time),
    });
  return { ...t, crew, tools, spare, ann, drill, saw };
}

/** Jan 10 and 11, local (New York) days. */
export const TWO_DAYS = { after: '2024-01-10T05:00:00.000Z', before: '2024-01-12T05:00:00.000Z' };
export const HOUR_NS = 3_600_000_000_000;
