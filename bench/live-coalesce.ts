/**
 * Live coalescing (docs/decisions/0020-live-coalescing.md; figures in docs/benchmarks/history.md,
 * Ingest): what the live path costs per sighting with `publishLatest` windows of 0 (every
 * message, no coalescing), 100 ms (the default) and 250 ms, for things that are read many times a
 * second — a tag lying in a reader's field.
 *
 * The tracking path's shape: every GROUP_MS a group commit publishes one `event` and one `thing`
 * message (ingest-sized records, as tracking/store/publish.ts builds them) for each of HOT things it
 * saw (group commit has already merged the repeats inside the group); READS sightings per thing per
 * group. One console is subscribed: its SSE frames are built as features/live/routes.ts builds
 * them (type + data JSON + `at`) and written once per tick to /dev/null. The modes alternate slice
 * by slice (SLICE_MS each; a fourth mode builds the groups without publishing them, the cost the
 * others share), so other load on the machine falls on each alike. Reported per mode:
 * process CPU (`process.cpuUsage`: building, coalescing, framing, writing) per 1,000 sightings,
 * messages per sighting, and how late the last state of a thing reaches the console (the age of
 * the newest state it shows, sampled at every group: what a window costs in freshness).
 *
 *   npx tsx bench/live-coalesce.ts [--slices 30] [--hot 250] [--reads 2] [--group-ms 50]
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createLocalBus, type LiveMessage, liveDataJson } from '../packages/server/src/platform/live.js';

const { values: args } = parseArgs({
  options: {
    slices: { type: 'string', default: '30' },
    hot: { type: 'string', default: '250' },
    reads: { type: 'string', default: '2' },
    'group-ms': { type: 'string', default: '50' },
    'slice-ms': { type: 'string', default: '1000' },
  },
});
const SLICES = Number(args.slices);
const HOT = Number(args.hot);
const READS = Number(args.reads);
const GROUP_MS = Number(args['group-ms']);
const SLICE_MS = Number(args['slice-ms']);
/** -1: the groups are built but not published (what the modes have in common). */
const MODES = [-1, 0, 100, 250];

const org = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const site = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const id = (n: number) => `${n}`.padStart(24, '0');

function group(seq: number, at: number): LiveMessage[] {
  const out: LiveMessage[] = [];
  const iso = new Date(at).toISOString();
  for (let i = 0; i < HOT; i++) {
    out.push({
      type: 'event',
      orgId: org,
      siteId: site,
      at,
      data: {
        _id: `${1000 + i}`,
        tag: `E2801170000002${i.toString(16).padStart(10, '0')}`,
        thing: id(i),
        time: iso,
        firstTime: new Date(at - seq * GROUP_MS).toISOString(),
        repeatCount: seq * READS,
        direction: 'NEAR',
        endpoint: 'dddddddddddddddddddddddd',
        endpointName: 'Dock door 1',
        antenna: 1,
        zone: 'cccccccccccccccccccccccc',
        zoneName: 'Dock',
        locationTag: null,
        locationTagName: null,
        alarmTamper: false,
        data: { cFloat0: at },
        edits: [],
        matched: true,
      },
    });
    out.push({
      type: 'thing',
      orgId: org,
      siteId: site,
      at,
      data: {
        _id: id(i),
        change: 'updated',
        name: `Thing ${i}`,
        class: 'item',
        site,
        zone: 'cccccccccccccccccccccccc',
        zoneName: 'Dock',
        lastZoneTime: iso,
        lastEvent: iso,
        lastEndpointTime: iso,
        endpoint: 'dddddddddddddddddddddddd',
        direction: 'NEAR',
        locationTag: null,
        map: null,
        xycoordinates: null,
        alarmTamper: false,
        alarmTamperTag: null,
        alarmTamperTime: null,
        data: { cFloat0: at },
      },
    });
  }
  return out;
}

/** One console's SSE stream, as features/live/routes.ts writes it. */
function console_(fd: number, onState: (at: number) => void) {
  let pending: string[] = [];
  let scheduled = false;
  let messages = 0;
  let bytes = 0;
  const flush = () => {
    scheduled = false;
    const text = pending.join('');
    pending = [];
    bytes += text.length;
    writeSync(fd, text);
  };
  return {
    listener(m: LiveMessage) {
      const data = liveDataJson(m);
      pending.push(`event: ${m.type}\ndata: ${data.slice(0, -1)},"at":${m.at}}\n\n`);
      messages++;
      if (m.type === 'thing') onState((m.data as { data: { cFloat0: number } }).data.cFloat0);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    get messages() {
      return messages;
    },
    get bytes() {
      return bytes;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const fd = openSync('/dev/null', 'w');
  const totals = new Map(
    MODES.map((w) => [w, { cpu: 0, sightings: 0, messages: 0, bytes: 0, lag: [] as number[] }]),
  );
  let seq = 0;
  for (let s = 0; s < SLICES; s++) {
    const order = s % 2 ? [...MODES].reverse() : MODES;
    for (const windowMs of order) {
      const bus = createLocalBus({ coalesceMs: windowMs });
      let newestShown = 0;
      const sse = console_(fd, (at) => {
        newestShown = Math.max(newestShown, at);
      });
      bus.subscribe(sse.listener);
      const t = totals.get(windowMs);
      if (!t) throw new Error('mode');
      const cpu0 = process.cpuUsage();
      const end = Date.now() + SLICE_MS;
      let next = Date.now();
      while (Date.now() < end) {
        const at = Date.now();
        // The state the console shows lags the newest published state by this much.
        if (newestShown) t.lag.push(at - newestShown);
        const messages = group(seq++, at);
        if (windowMs >= 0) void bus.publishLatest(messages);
        t.sightings += HOT * READS;
        next += GROUP_MS;
        await sleep(Math.max(0, next - Date.now()));
      }
      await bus.close(); // flushes what is held: counted in this mode
      await sleep(5);
      const cpu = process.cpuUsage(cpu0);
      t.cpu += (cpu.user + cpu.system) / 1000;
      t.messages += sse.messages;
      t.bytes += sse.bytes;
    }
  }
  closeSync(fd);
  console.log(
    `${SLICES} slices of ${SLICE_MS} ms per mode, modes alternating; ${HOT} things read ${READS}× per group, a group every ${GROUP_MS} ms (${Math.round((HOT * READS * 1000) / GROUP_MS)} sightings/s)`,
  );
  for (const [windowMs, t] of totals) {
    const lag = [...t.lag].sort((a, b) => a - b);
    const q = (p: number) => lag[Math.min(lag.length - 1, Math.floor(p * lag.length))] ?? 0;
    if (windowMs < 0) {
      console.log(
        `build only (not published): CPU ${((t.cpu / t.sightings) * 1000).toFixed(2)} ms per 1,000 sightings`,
      );
      continue;
    }
    console.log(
      `window ${String(windowMs).padStart(3)} ms: CPU ${((t.cpu / t.sightings) * 1000).toFixed(2)} ms per 1,000 sightings · ` +
        `${(t.messages / t.sightings).toFixed(3)} messages and ${(t.bytes / t.sightings).toFixed(0)} bytes per sighting · ` +
        `console state age p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${lag.at(-1) ?? 0} ms`,
    );
  }
}

void main();
