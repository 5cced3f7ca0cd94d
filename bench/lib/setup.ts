/**
 * The benchmark's own database (created and dropped around the run) and its tracked site: one
 * organization (made by the server's bootstrap), one site, zones gated by endpoints, and things
 * with one tag each, written in bulk with plain SQL (setup is not what is measured).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

export interface BenchEndpoint {
  id: string;
  uuid: string;
  key: string;
  zoneIndex: number;
}

export interface BenchSite {
  orgId: string;
  siteId: string;
  zoneIds: string[];
  endpoints: BenchEndpoint[];
  /** tags[i] starts at endpoint i % endpoints.length, in that endpoint's zone. */
  tags: string[];
}

/** ObjectId-shaped, like the server's ids. */
const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

const tagOf = (i: number) => `E2801160${i.toString(16).toUpperCase().padStart(16, '0')}`;

export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreateDatabase(server: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl(server, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(server: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl(server, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function seedSite(
  pool: pg.Pool,
  opts: { zones: number; endpoints: number; things: number },
): Promise<BenchSite> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM organizations LIMIT 1');
  const orgId = rows[0]?.id;
  if (!orgId) throw new Error('the server did not create its organization');
  const siteId = newId();
  await pool.query(`INSERT INTO sites (id, org_id, name, timezone) VALUES ($1, $2, 'Bench site', 'UTC')`, [
    siteId,
    orgId,
  ]);

  const endpoints: BenchEndpoint[] = Array.from({ length: opts.endpoints }, (_, i) => ({
    id: newId(),
    uuid: randomUUID(),
    key: randomBytes(24).toString('base64url'),
    zoneIndex: i % opts.zones,
  }));
  await pool.query(
    `INSERT INTO endpoints (id, org_id, site_id, name, uuid, key)
     SELECT id, $1, $2, 'Reader ' || n, uuid, key
     FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS x(id, uuid, key, n)`,
    [orgId, siteId, endpoints.map((e) => e.id), endpoints.map((e) => e.uuid), endpoints.map((e) => e.key)],
  );

  // Every endpoint is a gate (all antennas, NEAR) into one zone: several endpoints per zone.
  const zoneIds = Array.from({ length: opts.zones }, () => newId());
  for (const [z, zoneId] of zoneIds.entries()) {
    const gates = endpoints
      .filter((e) => e.zoneIndex === z)
      .map((e) => ({ endpoint: e.id, direction: 'NEAR', antenna: -1 }));
    await pool.query(
      `INSERT INTO zones (id, org_id, site_id, name, gates) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [zoneId, orgId, siteId, `Zone ${z + 1}`, JSON.stringify(gates)],
    );
  }

  const tags = Array.from({ length: opts.things }, (_, i) => tagOf(i));
  const thingIds = tags.map(() => newId());
  const zoneOfThing = tags.map(
    (_, i) => zoneIds[(endpoints[i % endpoints.length] as BenchEndpoint).zoneIndex],
  );
  const since = new Date(Date.now() - 3_600_000).toISOString();
  await pool.query(
    `WITH input AS (SELECT * FROM unnest($3::text[], $4::text[], $5::text[]) AS x(id, tag, zone_id)),
       things_in AS (
         INSERT INTO things (id, org_id, site_id, name, tag1, zone_id, last_zone_time)
         SELECT id, $1, $2, 'Item ' || tag, tag, zone_id, $6::timestamptz FROM input)
     INSERT INTO thing_tags (org_id, tag, thing_id) SELECT $1, tag, id FROM input`,
    [orgId, siteId, thingIds, tags, zoneOfThing, since],
  );
  await pool.query('ANALYZE');
  return { orgId, siteId, zoneIds, endpoints, tags };
}

/** Rows written by the run, to check that the full path stored what it acknowledged. */
export async function storedCounts(pool: pg.Pool) {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM sightings) AS sightings, (SELECT count(*) FROM events) AS events,
       (SELECT count(*) FROM zone_durations) AS stays, (SELECT count(*) FROM tag_state) AS open_events,
       (SELECT count(*) FROM things WHERE last_endpoint_time IS NOT NULL) AS things_seen`,
  );
  const row = rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
