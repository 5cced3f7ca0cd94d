/**
 * Reader connections in the database: which endpoints Sightline connects to, the lease that makes
 * one instance hold each of them, and the live state every instance answers with.
 */
import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { endpoints, readerConnections } from '../../db/schema.js';
import type { EndpointIdentity } from '../ingest/repository.js';
import type { ConnectionState } from './state.js';

type ConnectionMode = 'push' | 'llrp' | 'impinj-stream';

/** An endpoint's stored connection (the password is its own column). */
export interface StoredConnection {
  mode: ConnectionMode;
  host?: string;
  port?: number;
  username?: string;
  tls?: boolean;
}

export interface ConnectedEndpoint {
  identity: EndpointIdentity;
  connection: StoredConnection & { mode: Exclude<ConnectionMode, 'push'> };
  password: string;
  /** The antennas the endpoint lists (their reader port numbers); empty = all. */
  antennas: number[];
}

/** Every endpoint Sightline connects to (mode other than push), of every organization. */
export async function listConnectedEndpoints(db: Tx): Promise<ConnectedEndpoint[]> {
  const rows = await db
    .select({
      id: endpoints.id,
      orgId: endpoints.orgId,
      siteId: endpoints.siteId,
      uuid: endpoints.uuid,
      name: endpoints.name,
      connection: endpoints.connection,
      password: endpoints.connectionPassword,
      antennas: endpoints.antennas,
    })
    .from(endpoints)
    .where(ne(sql`${endpoints.connection}->>'mode'`, 'push'));
  return rows.map(({ connection, password, antennas, ...identity }) => ({
    identity,
    connection: connection as ConnectedEndpoint['connection'],
    password,
    antennas: [
      ...new Set(
        (Array.isArray(antennas) ? antennas : [])
          .map((a) => Number((a as { antenna?: unknown }).antenna))
          .filter((n) => Number.isInteger(n) && n > 0),
      ),
    ].sort((a, b) => a - b),
  }));
}

/**
 * Takes or renews the lease of an endpoint's connection: won when nobody holds it, this instance
 * holds it already, or the holder let it expire (a dead instance). One statement, so two instances
 * racing for it cannot both win. A lease changing hands counts as a reconnect.
 */
export async function claimLease(
  db: Tx,
  endpointId: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const expires = sql`now() + ${`${ttlMs} milliseconds`}::interval`;
  const rows = await db
    .insert(readerConnections)
    .values({ endpointId, holder, leaseExpiresAt: sql`${expires}` as unknown as Date })
    .onConflictDoUpdate({
      target: readerConnections.endpointId,
      set: {
        holder,
        leaseExpiresAt: sql`${expires}` as unknown as Date,
        reconnects: sql`${readerConnections.reconnects} + (${readerConnections.holder} <> ${holder})::int`,
      },
      setWhere: or(eq(readerConnections.holder, holder), lt(readerConnections.leaseExpiresAt, sql`now()`)),
    })
    .returning({ holder: readerConnections.holder });
  return rows.length === 1;
}

/** Gives the lease up at once (a clean shutdown), so another instance need not wait it out. */
export async function releaseLease(db: Tx, endpointId: string, holder: string): Promise<void> {
  await db
    .update(readerConnections)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` as unknown as Date })
    .where(and(eq(readerConnections.endpointId, endpointId), eq(readerConnections.holder, holder)));
}

/** The holder's view of the connection: a new state (with its time), and a reconnect counted. */
export async function recordState(
  db: Tx,
  endpointId: string,
  holder: string,
  state: ConnectionState,
  error: string | null,
  reconnected: boolean,
): Promise<void> {
  await db
    .update(readerConnections)
    .set({
      state,
      error,
      since:
        sql`CASE WHEN ${readerConnections.state} = ${state} THEN ${readerConnections.since} ELSE now() END` as unknown as Date,
      ...(reconnected ? { reconnects: sql`${readerConnections.reconnects} + 1` } : {}),
    })
    .where(and(eq(readerConnections.endpointId, endpointId), eq(readerConnections.holder, holder)));
}

export async function addReports(db: Tx, endpointId: string, count: number): Promise<void> {
  await db
    .update(readerConnections)
    .set({ reportsReceived: sql`${readerConnections.reportsReceived} + ${count}` })
    .where(eq(readerConnections.endpointId, endpointId));
}

/** Antenna states the reader reported, merged over the earlier ones. */
export async function recordAntennas(
  db: Tx,
  endpointId: string,
  antennas: Record<number, boolean>,
): Promise<void> {
  await db
    .update(readerConnections)
    .set({ antennas: sql`${readerConnections.antennas} || ${JSON.stringify(antennas)}::jsonb` })
    .where(eq(readerConnections.endpointId, endpointId));
}

export interface LiveConnection {
  state: ConnectionState;
  since: Date;
  error: string | null;
  reportsReceived: number;
  reconnects: number;
  antennas: Record<string, boolean>;
}

/** The live state of these endpoints' connections (absent: nobody has held it yet). */
export async function liveConnections(db: Tx, endpointIds: string[]): Promise<Map<string, LiveConnection>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(readerConnections)
    .where(inArray(readerConnections.endpointId, endpointIds));
  return new Map(
    rows.map((r) => [
      r.endpointId,
      {
        state: r.state as ConnectionState,
        since: r.since,
        error: r.error,
        reportsReceived: r.reportsReceived,
        reconnects: r.reconnects,
        antennas: r.antennas as Record<string, boolean>,
      },
    ]),
  );
}

/** A connection's settings changed or it went back to push: its old state means nothing now. */
export async function forgetConnection(db: Tx, endpointId: string): Promise<void> {
  await db
    .update(readerConnections)
    .set({ state: 'connecting', error: null, since: sql`now()` as unknown as Date, antennas: {} })
    .where(eq(readerConnections.endpointId, endpointId));
}
