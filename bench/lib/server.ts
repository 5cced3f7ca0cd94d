/**
 * A real Sightline server process (packages/server/src/main.ts) on PostgreSQL, on a free
 * loopback port, so the load generator and the server do not share an event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ADMIN_EMAIL = 'bench@sightline.local';
const ADMIN_PASSWORD = 'Bench-Ingest-2026-Password!';

export interface RunningServer {
  pid: number;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startServer(opts: {
  databaseUrl: string;
  profileDir?: string;
}): Promise<RunningServer> {
  // BENCH_SERVER_ROOT: another checkout's root, to compare a change before and after under the same load.
  const root = process.env.BENCH_SERVER_ROOT ?? path.resolve(import.meta.dirname, '../..');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-'));
  const nodeArgs = ['--import', 'tsx'];
  if (opts.profileDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`);
  const child = spawn(process.execPath, [...nodeArgs, 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: RunningServer = {
    pid: child.pid ?? 0,
    port,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
  // BENCH_START_TIMEOUT_S: a busy machine compiles and migrates slowly (default 60 s).
  const startSeconds = Number(process.env.BENCH_START_TIMEOUT_S ?? 60);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await answers(port)) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not start within ${startSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/auth/me' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });
}

/** Signs the bootstrap administrator in; returns the session cookie. */
export function login(port: number): Promise<string> {
  const body = JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        if (res.statusCode !== 200) return reject(new Error(`login answered ${res.statusCode}`));
        const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
        resolve(cookies.join('; '));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
