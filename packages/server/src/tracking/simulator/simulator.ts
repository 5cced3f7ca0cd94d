/**
 * The reader simulator (docs/decisions/0027-reader-simulator.md, docs/readers.md): drives tags
 * through zones by posting to the native interface (`POST api/ingest/sightings` with each
 * endpoint's uuid and key), as real fixed readers at the zones' gates would. Each step sends about
 * `rate × interval` sightings: a sighting either re-reads a tag where it is or (with `moveChance`)
 * moves it to another station — another gate, so the server sees a zone change. Now and then a tag
 * that moves into a station with `holdMs` (a zone with an alert time) is kept there past that time,
 * so the server raises a zone time exception. The CLI (simulator-cli.ts) runs it over HTTP; the
 * demo runs it in-process.
 */
import { type Direction, SIGHTINGS_PER_REQUEST_MAX } from '@sightline/shared';
import { createRepeater } from '../../platform/repeat.js';

/** A reader at a zone's gate. */
export interface SimStation {
  uuid: string;
  key: string;
  name?: string;
  /** Antenna of the gate (default 1). */
  antenna?: number;
  /** Direction of the gate (default NEAR). */
  direction?: Direction;
  /** The zone's alert time (ms): a tag held here stays this long and a minute more. */
  holdMs?: number;
}

interface SimRequest {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** How the simulator reaches the server: HTTP (CLI) or `app.inject` (demo, tests). */
export type SimTransport = (request: SimRequest) => Promise<{ status: number; body: string }>;

export interface SimulatorOptions {
  stations: readonly SimStation[];
  tags: readonly string[];
  /** Sightings per second, over all tags. */
  rate: number;
  /** Milliseconds between steps (default 1000). */
  intervalMs?: number;
  /** Chance that a sighting moves its tag to another station (default 0.3). */
  moveChance?: number;
  /** Chance that a move into a station with `holdMs` holds the tag there (default 0.05; one at a time). */
  holdChance?: number;
  /** Milliseconds between heartbeats of each station (default 60000; 0 = none). */
  heartbeatMs?: number;
  /** Where each tag starts (index into `stations`), e.g. the gate of its current zone. */
  initial?: ReadonlyMap<string, number>;
  transport: SimTransport;
  random?: () => number;
  clock?: () => number;
  /** Problems (a refused request, an unreachable server); the simulator keeps going. */
  onError?: (message: string) => void;
}

interface SimMove {
  tag: string;
  from: number | undefined;
  to: number;
  held: boolean;
}

interface StepResult {
  sent: number;
  failed: number;
  moves: SimMove[];
}

export interface Simulator {
  step(): Promise<StepResult>;
  start(): void;
  stop(): Promise<void>;
  /** Where each tag is (station index), as far as the simulator knows. */
  readonly positions: ReadonlyMap<string, number>;
  readonly totals: { steps: number; sent: number; failed: number; moves: number; holds: number };
}

/** A held tag stays past the alert time by this much, so the overrun is certain. */
const HOLD_MARGIN_MS = 60_000;

const nativeHeaders = (station: Pick<SimStation, 'uuid' | 'key'>) => ({
  authorization: `Bearer ${station.key}`,
  'x-endpoint-uuid': station.uuid,
  'content-type': 'application/json',
});

export function createSimulator(options: SimulatorOptions): Simulator {
  const { stations, tags, transport } = options;
  if (!stations.length) throw new Error('the simulator needs at least one endpoint');
  if (!tags.length) throw new Error('the simulator needs at least one tag');
  const random = options.random ?? Math.random;
  const clock = options.clock ?? Date.now;
  const intervalMs = options.intervalMs ?? 1000;
  const moveChance = options.moveChance ?? 0.3;
  const holdChance = options.holdChance ?? 0.05;
  const heartbeatMs = options.heartbeatMs ?? 60_000;
  const onError = options.onError ?? (() => undefined);
  const positions = new Map<string, number>();
  for (const [tag, index] of options.initial ?? []) {
    if (index >= 0 && index < stations.length) positions.set(tag, index);
  }
  const held = new Map<string, number>();
  const totals = { steps: 0, sent: 0, failed: 0, moves: 0, holds: 0 };
  let budget = 0;
  let lastHeartbeat = Number.NEGATIVE_INFINITY;
  let lastTime = 0;

  const pickIndex = (n: number) => Math.min(n - 1, Math.floor(random() * n));

  /** Up to `n` distinct tags, at random. */
  function pickTags(n: number): string[] {
    const pool = [...tags];
    const picked: string[] = [];
    while (picked.length < n && pool.length) {
      const [tag] = pool.splice(pickIndex(pool.length), 1);
      if (tag !== undefined) picked.push(tag);
    }
    return picked;
  }

  function destination(tag: string, now: number): SimMove | undefined {
    const from = positions.get(tag);
    const heldUntil = held.get(tag);
    if (heldUntil !== undefined && heldUntil > now) return undefined;
    held.delete(tag);
    if (from !== undefined && (stations.length < 2 || random() >= moveChance)) return undefined;
    let to = pickIndex(stations.length);
    if (from !== undefined && to === from) to = (to + 1 + pickIndex(stations.length - 1)) % stations.length;
    const holdMs = stations[to]?.holdMs;
    const hold = holdMs !== undefined && holdMs > 0 && held.size === 0 && random() < holdChance;
    if (hold) held.set(tag, now + holdMs + HOLD_MARGIN_MS);
    return { tag, from, to, held: hold };
  }

  async function post(path: string, station: SimStation, body: unknown): Promise<boolean> {
    try {
      const res = await transport({ path, headers: nativeHeaders(station), body });
      if (res.status >= 200 && res.status < 300) return true;
      onError(
        `${path} for ${station.name ?? station.uuid} answered ${res.status}: ${res.body.slice(0, 200)}`,
      );
    } catch (err) {
      onError(`${path} for ${station.name ?? station.uuid} failed: ${(err as Error).message}`);
    }
    return false;
  }

  async function heartbeats(now: number) {
    if (heartbeatMs <= 0 || now - lastHeartbeat < heartbeatMs) return;
    lastHeartbeat = now;
    for (const station of stations) {
      await post('/api/ingest/heartbeat', station, {
        uptime: Math.round(now / 1000) % 8_640_000,
        version: 'Sightline simulator',
      });
    }
  }

  async function step(): Promise<StepResult> {
    const now = Math.max(clock(), lastTime + 1);
    totals.steps++;
    budget += (options.rate * intervalMs) / 1000;
    const count = Math.floor(budget);
    budget -= count;
    const moves: SimMove[] = [];
    const batches = new Map<number, { tag: string; antenna: number; direction: Direction; time: string }[]>();
    pickTags(count).forEach((tag, i) => {
      const move = destination(tag, now);
      if (move) {
        moves.push(move);
        positions.set(tag, move.to);
        if (move.held) totals.holds++;
      }
      const index = positions.get(tag) ?? 0;
      const station = stations[index];
      if (!station) return;
      const time = new Date(now + i).toISOString();
      lastTime = now + i;
      const list = batches.get(index) ?? [];
      list.push({ tag, antenna: station.antenna ?? 1, direction: station.direction ?? 'NEAR', time });
      batches.set(index, list);
    });
    let sent = 0;
    let failed = 0;
    for (const [index, sightings] of batches) {
      const station = stations[index];
      if (!station) continue;
      for (let i = 0; i < sightings.length; i += SIGHTINGS_PER_REQUEST_MAX) {
        const chunk = sightings.slice(i, i + SIGHTINGS_PER_REQUEST_MAX);
        if (await post('/api/ingest/sightings', station, { sightings: chunk })) sent += chunk.length;
        else failed += chunk.length;
      }
    }
    await heartbeats(now);
    totals.sent += sent;
    totals.failed += failed;
    totals.moves += moves.length;
    return { sent, failed, moves };
  }

  const repeater = createRepeater(step, intervalMs, (err) =>
    onError(`step failed: ${(err as Error).message}`),
  );

  return {
    step: repeater.run,
    start: repeater.start,
    stop: repeater.stop,
    positions,
    totals,
  };
}
