/**
 * The demo's built-in reader simulator: with DEMO on, a few of each demo site's items
 * and workers move between the site's zones through their gate readers every few seconds, over
 * the native ingest interface in-process (the same simulator the CLI runs over HTTP). Now and
 * then one is kept in a zone with a short alert time (the Break Room) until the server raises a
 * zone time exception for it. Shipping (immediate kill) and kits are left alone.
 */
import { NO_THING_ID } from '@sightline/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { endpoints, organizations, sites, things, zones } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { createSimulator, type SimStation, type Simulator } from './simulator.js';
import { injectTransport } from './transport.js';

/** Alert times up to this long are worth holding a thing for (the demo Break Room: 45 min). */
const MAX_HOLD_MS = 60 * 60_000;
const ITEMS_PER_SITE = 8;
const WORKERS_PER_SITE = 4;

export interface DemoSimulator {
  simulators: Simulator[];
  stop(): Promise<void>;
}

interface GateRow {
  endpoint?: unknown;
  direction?: unknown;
  antenna?: unknown;
}

const shuffled = <T>(list: T[]) =>
  list
    .map((value) => ({ value, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .map((x) => x.value);

/** One simulator per demo site, started; undefined when there is no demo organization with gates. */
export async function startDemoSimulator(app: App, subdomain = 'demo'): Promise<DemoSimulator | undefined> {
  const { db } = app.ctx;
  const [org] = await db.select().from(organizations).where(eq(organizations.subdomain, subdomain));
  if (!org) return undefined;
  const siteRows = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.orgId, org.id));
  const zoneRows = await db.select().from(zones).where(eq(zones.orgId, org.id));
  const endpointRows = await db.select().from(endpoints).where(eq(endpoints.orgId, org.id));
  const thingRows = await db
    .select({
      id: things.id,
      tag: things.tag1,
      class: things.class,
      siteId: things.siteId,
      zoneId: things.zoneId,
    })
    .from(things)
    .where(
      and(
        eq(things.orgId, org.id),
        isNull(things.deletedAt),
        sql`${things.tag1} IS NOT NULL AND ${things.tag1} <> ''`,
        sql`cardinality(${things.parents}) = 0`,
        sql`NOT EXISTS (SELECT 1 FROM things c WHERE c.org_id = ${org.id} AND c.parents @> ARRAY[${things.id}])`,
      ),
    );
  const byId = new Map(endpointRows.map((e) => [e.id, e]));
  const transport = injectTransport(app);
  const simulators: Simulator[] = [];
  let moving = 0;

  for (const site of siteRows) {
    const stations: SimStation[] = [];
    const stationOfZone = new Map<string, number>();
    for (const zone of zoneRows.filter((z) => z.siteId === site.id && !z.immediateKill)) {
      const gate = ((zone.gates as GateRow[] | null) ?? []).find(
        (g) => typeof g.endpoint === 'string' && byId.get(g.endpoint)?.siteId === site.id,
      );
      const reader = gate && byId.get(String(gate.endpoint));
      if (!gate || !reader) continue;
      const alertMs = Math.round(zone.durationNs / 1_000_000);
      stationOfZone.set(zone.id, stations.length);
      stations.push({
        uuid: reader.uuid,
        key: reader.key,
        name: `${reader.name} (${zone.name})`,
        antenna: typeof gate.antenna === 'number' && gate.antenna > 0 ? gate.antenna : 1,
        direction:
          gate.direction === 'IN' || gate.direction === 'OUT' || gate.direction === 'GONE'
            ? gate.direction
            : 'NEAR',
        ...(alertMs > 0 && alertMs <= MAX_HOLD_MS ? { holdMs: alertMs } : {}),
      });
    }
    const local = thingRows.filter((t) => t.siteId === site.id && t.tag && t.id !== NO_THING_ID);
    const chosen = [
      ...shuffled(local.filter((t) => t.class === 'item')).slice(0, ITEMS_PER_SITE),
      ...shuffled(local.filter((t) => t.class === 'worker')).slice(0, WORKERS_PER_SITE),
    ];
    if (stations.length < 2 || !chosen.length) continue;
    const initial = new Map<string, number>();
    for (const t of chosen) {
      const index = t.zoneId ? stationOfZone.get(t.zoneId) : undefined;
      if (t.tag && index !== undefined) initial.set(t.tag, index);
    }
    const simulator = createSimulator({
      stations,
      tags: chosen.flatMap((t) => (t.tag ? [t.tag] : [])),
      rate: 0.75,
      intervalMs: 4000,
      moveChance: 0.6,
      holdChance: 0.2,
      initial,
      transport,
      onError: (message) => app.log.warn(`demo simulator: ${message}`),
    });
    simulator.start();
    simulators.push(simulator);
    moving += chosen.length;
  }
  if (!simulators.length) return undefined;
  app.log.info(
    `demo reader simulator: ${moving} things moving through the zones of ${simulators.length} site(s)`,
  );
  return {
    simulators,
    stop: async () => {
      await Promise.all(simulators.map((s) => s.stop()));
    },
  };
}
