/**
 * Photo benchmark (docs/benchmarks.md), the server in this process on PostgreSQL (its own
 * database) with the filesystem storage, uploads over loopback HTTP:
 *  1. thumbnails per second through the upload path (multipart POST api/images: spool, sha256,
 *     sniff, EXIF, one-decode thumb + mini, three stored files, the row) against bare sharp making
 *     the same thumb and mini from the same files, interleaved photo by photo in the same run, in
 *     wall time and in CPU time of this process (target >= 0.8x); with the upload's stages timed
 *     inside the server (the `sightline:images:upload` diagnostics channel) so the gap shows, and the
 *     main (JavaScript) thread's CPU of each path; then the same photos as the console sends a batch
 *     (IMAGE_UPLOAD_CONCURRENCY in flight) against bare sharp in a loop and at that concurrency;
 *  2. a zip of 1,000 photos downloaded over HTTP with the process's peak RSS over idle (target:
 *     flat, < 100 MB).
 *
 *   npm run bench:images [-- --photos 40 --zip 1000] [--pglite]   (--pglite: embedded PGlite instead)
 *
 * Uses its own database (BENCH_DATABASE, default sightline_bench_images) on BENCH_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/), created at the start and dropped at the end.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@sightline/server/src/app.js';
import { testConfig } from '@sightline/server/src/config.js';
import { images, organizations, sites, users } from '@sightline/server/src/db/schema.js';
import { hashPassword } from '@sightline/server/src/platform/crypto.js';
import { newId } from '@sightline/server/src/platform/ids.js';
import { imageKeys } from '@sightline/server/src/platform/storage/image-keys.js';
import { ALL_SITES, CSRF_HEADER, CSRF_VALUE, IMAGE_UPLOAD_CONCURRENCY, ROLE_IDS } from '@sightline/shared';
import sharp from 'sharp';
import { databaseUrl, dropDatabase, recreateDatabase } from './lib/setup.js';

const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '40' },
    /** Photos at phone-camera size (4000x3000, 12 MP, EXIF, 3–5 MB): measured first, fewer of them. */
    'large-photos': { type: 'string', default: '12' },
    zip: { type: 'string', default: '1000' },
    pglite: { type: 'boolean', default: false },
  },
});
const SIZES = [
  { width: 4000, height: 3000, count: Number(args['large-photos']), label: '12 MP phone photo' },
  { width: 2400, height: 1800, count: Number(args.photos), label: '4.3 MP photo' },
].filter((s) => s.count > 0);
const ZIP = Number(args.zip);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const DATABASE = process.env.BENCH_DATABASE ?? 'sightline_bench_images';
/** The channel upload.ts publishes its stage timings on (a string here: older checkouts lack the export). */
const UPLOAD_TIMINGS = 'sightline:images:upload';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * A camera-like JPEG: shapes under sensor-like noise (so it compresses as a photo does, a 12 MP one
 * to 3–5 MB), with EXIF as a camera writes it (make, model, time taken, orientation).
 */
async function makePhoto(i: number, width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="hsl(${(i * 37) % 360},70%,60%)"/>
    <stop offset="1" stop-color="hsl(${(i * 71) % 360},60%,30%)"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${Array.from({ length: 60 }, (_, k) => `<circle cx="${(k * 397 + i * 13) % width}" cy="${(k * 211) % height}" r="${((40 + (k % 7) * 15) * width) / 2400}" fill="hsl(${(k * 29) % 360},80%,50%)" opacity="0.6"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg))
    .composite([
      {
        input: {
          create: {
            width,
            height,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 12 },
          },
        },
        blend: 'soft-light',
      },
    ])
    .jpeg({ quality: 88 })
    .withExif({
      IFD0: { Make: 'Bench', Model: 'Camera', Orientation: '1' },
      IFD2: { DateTimeOriginal: '2025:01:02 03:04:05' },
    })
    .toBuffer();
}

function multipart(file: Buffer, name: string) {
  const boundary = `----bench${newId()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Bare sharp making the same thumb and mini from one file (the reference). */
async function bareSharp(file: Buffer) {
  const { data, info } = await sharp(file)
    .autoOrient()
    .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([
    sharp(data, raw).webp({ quality: 80 }).toBuffer(),
    sharp(data, raw).resize(64, 64, { fit: 'inside' }).webp({ quality: 70 }).toBuffer(),
  ]);
}

/** CPU ms of this process's main (JavaScript) thread, from /proc (10 ms ticks); 0 where there is no /proc. */
function mainThreadCpu() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Wall and CPU (all of this process's threads: sharp works in libuv's pool) time of `fn`, and the
 * main thread's share of that CPU (JavaScript: HTTP, multipart, database driver, the client side).
 */
async function measure(fn: () => Promise<unknown>) {
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpu();
  const t0 = performance.now();
  await fn();
  const cpu = process.cpuUsage(cpu0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000, main: mainThreadCpu() - main0 };
}

/** One POST over loopback HTTP; resolves with the status code and body. */
function post(port: number, url: string, headers: Record<string, string>, body: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: { ...headers, 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-images-'));
  let url: string | undefined;
  if (!args.pglite) {
    await recreateDatabase(PG_URL, DATABASE);
    url = databaseUrl(PG_URL, DATABASE);
  }
  console.log(
    `Sightline photo benchmark — ${new Date().toISOString()}; database: ${url ? `PostgreSQL (${DATABASE})` : 'PGlite'}; load average ${load()}`,
  );
  const app = await buildApp(testConfig({ dataDir, databaseUrl: url }));
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const db = app.ctx.db;
    const orgId = newId();
    const siteId = newId();
    await db
      .insert(organizations)
      .values({ id: orgId, name: 'Bench', subdomain: `bench-${orgId.slice(-6)}` });
    await db
      .insert(sites)
      .values({ id: siteId, orgId, name: 'Bench', startDate: new Date(), timezone: 'UTC' });
    const username = `bench-${orgId.slice(-6)}@example.com`;
    const password = 'Bench-Images-2026-Password!';
    await db.insert(users).values({
      id: newId(),
      orgId,
      name: 'Bench',
      username,
      passwordHash: await hashPassword(password),
      roles: [ROLE_IDS.admin],
      sites: [ALL_SITES],
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    let uploaded = 0;
    const upload = async (file: Buffer, _i: number) => {
      const { body, type } = multipart(file, `photo-${uploaded++}.jpg`);
      const res = await post(
        port,
        `/api/images?site=${siteId}`,
        { cookie, 'content-type': type, [CSRF_HEADER]: CSRF_VALUE },
        body,
      );
      if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.body}`);
    };
    let zipPhoto: Buffer = Buffer.alloc(0);
    for (const size of SIZES) {
      const PHOTOS = size.count;
      console.log(`\n## ${size.label}: ${size.width}x${size.height} JPEG with EXIF, ${PHOTOS} of them`);
      const files: Buffer[] = [];
      for (let i = 0; i < PHOTOS; i++) files.push(await makePhoto(i, size.width, size.height));
      zipPhoto = files[0] ?? zipPhoto;
      console.log(`  ${mb(files.reduce((n, f) => n + f.length, 0) / PHOTOS)} a photo on average`);
      for (const [i, file] of files.slice(0, 3).entries()) {
        await bareSharp(file); // warm up sharp and the route
        await upload(file, i);
      }
      // The server's own timing of each upload's stages (ms, summed over the measured uploads).
      const stages = new Map<string, number>();
      let handler = 0;
      const onTimings = (message: unknown) => {
        const m = message as { stages: Record<string, number>; total: number };
        for (const [stage, ms] of Object.entries(m.stages)) stages.set(stage, (stages.get(stage) ?? 0) + ms);
        handler += m.total;
      };
      // Interleaved, photo by photo: on a shared machine both paths see the same load.
      const bare = { wall: 0, cpu: 0, main: 0 };
      const path_ = { wall: 0, cpu: 0, main: 0 };
      const load0 = load();
      subscribe(UPLOAD_TIMINGS, onTimings);
      for (const [i, file] of files.entries()) {
        const b = await measure(() => bareSharp(file));
        const u = await measure(() => upload(file, i));
        bare.wall += b.wall;
        bare.cpu += b.cpu;
        bare.main += b.main;
        path_.wall += u.wall;
        path_.cpu += u.cpu;
        path_.main += u.main;
      }
      unsubscribe(UPLOAD_TIMINGS, onTimings);
      const rate = (ms: number) => PHOTOS / (ms / 1000);
      console.log(
        `\nthumbnails: upload path ${rate(path_.wall).toFixed(1)}/s, bare sharp ${rate(bare.wall).toFixed(1)}/s, ratio ${(bare.wall / path_.wall).toFixed(2)}x (target >= 0.8x)`,
      );
      console.log(
        `CPU per photo: upload path ${(path_.cpu / PHOTOS).toFixed(1)} ms, bare sharp ${(bare.cpu / PHOTOS).toFixed(1)} ms, ratio ${(bare.cpu / path_.cpu).toFixed(2)}x; wall per photo ${(path_.wall / PHOTOS).toFixed(1)} / ${(bare.wall / PHOTOS).toFixed(1)} ms; load average ${load0} → ${load()}`,
      );
      console.log(
        `main (JavaScript) thread CPU per photo: upload path ${(path_.main / PHOTOS).toFixed(1)} ms (HTTP both sides, multipart, hashing, database driver), bare sharp ${(bare.main / PHOTOS).toFixed(1)} ms`,
      );
      if (handler) {
        const per = (ms: number) => `${(ms / PHOTOS).toFixed(1).padStart(6)} ms`;
        const share = (ms: number) => `${((100 * ms) / path_.wall).toFixed(0).padStart(3)} %`;
        console.log('\nupload path, per photo (wall; stages that overlap each count their own time):');
        for (const [stage, ms] of stages) console.log(`  ${stage.padEnd(28)} ${per(ms)} ${share(ms)}`);
        console.log(`  ${'handler, all stages'.padEnd(28)} ${per(handler)} ${share(handler)}`);
        console.log(
          `  ${'HTTP, auth, routing, reply'.padEnd(28)} ${per(path_.wall - handler)} ${share(path_.wall - handler)}`,
        );
        console.log(`  ${'bare sharp (for reference)'.padEnd(28)} ${per(bare.wall)} ${share(bare.wall)}`);
      } else console.log('(no stage timings: this checkout does not publish them)');

      // As the console uploads a batch: IMAGE_UPLOAD_CONCURRENCY files in flight. Against bare sharp in
      // a plain loop (how a script resizes a folder) and at the same concurrency (sharp's best here).
      const inFlight = async (n: number, fn: (file: Buffer, i: number) => Promise<unknown>) => {
        let next = 0;
        const worker = async () => {
          while (next < files.length) {
            const i = next++;
            await fn(files[i] as Buffer, i);
          }
        };
        return measure(() => Promise.all(Array.from({ length: n }, worker)));
      };
      const c = IMAGE_UPLOAD_CONCURRENCY;
      const load1 = load();
      const loop = await inFlight(1, (file) => bareSharp(file));
      const pathC = await inFlight(c, (file, i) => upload(file, PHOTOS + i));
      const bareC = await inFlight(c, (file) => bareSharp(file));
      console.log(
        `\nbatch of ${PHOTOS} as the console sends it (${c} in flight): upload path ${rate(pathC.wall).toFixed(1)}/s; bare sharp in a loop ${rate(loop.wall).toFixed(1)}/s, ratio ${(loop.wall / pathC.wall).toFixed(2)}x; bare sharp ${c} at once ${rate(bareC.wall).toFixed(1)}/s, ratio ${(bareC.wall / pathC.wall).toFixed(2)}x; CPU per photo ${(pathC.cpu / PHOTOS).toFixed(1)} · ${(loop.cpu / PHOTOS).toFixed(1)} · ${(bareC.cpu / PHOTOS).toFixed(1)} ms; load average ${load1} → ${load()}`,
      );
    }

    // 1,000 photos for the zip: rows and originals written directly (the upload path is measured above).
    // The last size's photo (the smaller one when both are measured), as the earlier runs zipped.
    const original = zipPhoto;
    for (let i = 0; i < ZIP; i += 100) {
      const rows = Array.from({ length: Math.min(100, ZIP - i) }, (_, k) => ({
        id: newId(),
        orgId,
        siteId,
        timestamp: new Date(Date.now() - (i + k) * 1000),
        fileName: `zip-${i + k}.jpg`,
        format: 'jpeg',
        bytes: original.length,
        tags: ['zip'],
      }));
      await db.insert(images).values(rows);
      for (const row of rows) await app.ctx.storage.put(imageKeys(orgId, row.id).original, original);
    }
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const z0 = performance.now();
    const received = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}/api/images//zip?site=${siteId}&tag=zip`,
          { headers: { cookie } },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`zip: ${res.statusCode}`));
            let n = 0;
            res.on('data', (chunk: Buffer) => {
              n += chunk.length;
            });
            res.on('end', () => resolve(n));
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    clearInterval(sampler);
    const seconds = (performance.now() - z0) / 1000;
    console.log(
      `zip of ${ZIP} photos: ${mb(received)} in ${seconds.toFixed(1)} s (${mb(received / seconds)}/s); RSS idle ${mb(idle)}, peak ${mb(peak)}, over idle ${mb(peak - idle)} (target < 100 MB)`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (url) await dropDatabase(PG_URL, DATABASE);
  }
}

await main();
