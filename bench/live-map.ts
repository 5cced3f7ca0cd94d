/**
 * The console's cost with the map open on moving things: a server with the demo data plus THINGS
 * things (imported), sightings moving them between the demo's map readers at RATE a second, and
 * the map view open in Chromium (Playwright, Debian's /usr/bin/chromium). For SECONDS it counts the
 * requests the page sends (the live stream itself left out) and the server process's CPU time
 * (user + system, from /proc), and prints both per minute.
 *
 *   npm run bench:live -- [--things 5000] [--rate 500] [--seconds 60] [--port 8262] [--root DIR]
 *
 * `--root` runs another checkout's server and console (built: `npm run build` there), e.g. the
 * code before a change, with this script and its driver unchanged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values: args } = parseArgs({
  options: {
    things: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    port: { type: 'string', default: '8262' },
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
  },
});
const THINGS = Number(args.things);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PORT = Number(args.port);
const ROOT = path.resolve(args.root);
const BASE = `http://127.0.0.1:${PORT}`;
const EMAIL = 'admin@sightline.local';
const PASSWORD = 'Sightline-Bench-2024!';
/** Clock ticks per second of /proc (USER_HZ). */
const TICKS = 100;

/** The server process's CPU seconds so far (utime + stime of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function startServer(dataDir: string): ChildProcess {
  // node itself (tsx as a loader), so the pid is the server's.
  return spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      DEMO: '1',
      DEMO_SIMULATOR: '0',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_WINDOW_MS: '1',
    },
  });
}

async function waitUp(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/docs/json`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

let cookie = '';
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(20, '0');
const tagOf = (i: number) => `B3${hex(i)}`.slice(0, 24);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-live-'));
  const server = startServer(dataDir);
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUp();
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    });
    cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const sites = await call<{ _id: string; name: string }[]>('GET', '/api/sites?sort=name');
    const site = sites[0]?._id ?? '';
    const endpoints = await call<{ _id: string; map: string | null }[]>(
      'GET',
      `/api/endpoints?site=${site}&limit=100`,
    );
    const placed = endpoints.filter((e) => e.map);
    const mapId = placed[0]?.map ?? '';
    const readers: { uuid: string; key: string }[] = [];
    for (const e of placed.filter((p) => p.map === mapId))
      readers.push(await call<{ uuid: string; key: string }>('GET', `/api/endpoints/${e._id}`));
    if (!readers.length) throw new Error('no reader placed on a map in the demo');

    for (let from = 0; from < THINGS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, THINGS - from) }, (_, k) => ({
        line: from + k + 2,
        cells: [`Bench ${from + k}`, tagOf(from + k)],
      }));
      await call('POST', `/api/import/rows?site=${site}`, {
        mapping: { Asset: 'name', EPC: 'tags1' },
        headers: ['Asset', 'EPC'],
        rows,
      });
    }
    // Every thing seen once, so all of them are on the map.
    const send = async (sightings: { tag: string }[], reader: { uuid: string; key: string }) => {
      const res = await fetch(`${BASE}/api/ingest/sightings`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${reader.key}`,
          'x-endpoint-uuid': reader.uuid,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ sightings }),
      });
      if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
    };
    const now = () => new Date().toISOString();
    for (let from = 0; from < THINGS; from += 500) {
      const tags = Array.from({ length: Math.min(500, THINGS - from) }, (_, k) => tagOf(from + k));
      await send(
        tags.map((tag) => ({ tag, time: now() })),
        readers[(from / 500) % readers.length] as { uuid: string; key: string },
      );
    }

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name ?? '', value: value ?? '', url: BASE }]);
    const page = await context.newPage();
    let requests = 0;
    const byPath = new Map<string, number>();
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (!pathname.startsWith('/api/') || pathname.startsWith('/api/live')) return;
      requests += 1;
      byPath.set(pathname, (byPath.get(pathname) ?? 0) + 1);
    });
    await page.goto(`${BASE}/mapview/${mapId}?site=${site}`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 3000));

    // Sightings move RATE things a second among the map's readers, for SECONDS.
    let moving = true;
    let cursor = 0;
    const driver = (async () => {
      while (moving) {
        const started = Date.now();
        const byReader = new Map<number, { tag: string; time: string }[]>();
        for (let k = 0; k < RATE; k += 1) {
          const r = Math.floor(Math.random() * readers.length);
          byReader.set(r, [...(byReader.get(r) ?? []), { tag: tagOf(cursor), time: now() }]);
          cursor = (cursor + 1) % THINGS;
        }
        await Promise.all(
          [...byReader].map(([r, list]) => send(list, readers[r] as { uuid: string; key: string })),
        );
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
      }
    })();
    await new Promise((r) => setTimeout(r, 5000));
    // The same stream the console reads, counted: how many thing messages the minute carried.
    let thingFrames = 0;
    const live = new AbortController();
    void fetch(`${BASE}/api/live?site=${site}`, { headers: { cookie }, signal: live.signal })
      .then(async (res) => {
        const decoder = new TextDecoder();
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
          thingFrames += decoder.decode(chunk).split('event: thing\n').length - 1;
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1000));
    const pid = server.pid ?? 0;
    const framesBefore = thingFrames;
    const loading = Object.fromEntries(byPath);
    requests = 0;
    byPath.clear();
    const cpuBefore = cpuSeconds(pid);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const minutes = (Date.now() - t0) / 60_000;
    const cpu = cpuSeconds(pid) - cpuBefore;
    const counted = requests;
    const frames = thingFrames - framesBefore;
    live.abort();
    const measured = Object.fromEntries(byPath);
    moving = false;
    await driver;
    await browser.close();
    console.log(
      JSON.stringify(
        {
          root: ROOT,
          things: THINGS,
          sightingsPerSecond: RATE,
          seconds: SECONDS,
          liveThingMessagesPerMinute: Math.round(frames / minutes),
          requestsPerMinute: Math.round(counted / minutes),
          serverCpuSecondsPerMinute: Number((cpu / minutes).toFixed(1)),
          requestsWhileLoading: loading,
          requestsMeasured: measured,
        },
        null,
        2,
      ),
    );
  } finally {
    stop();
  }
}

await main();
