/**
 * Private instances of the real services for the fault suite: a PostgreSQL cluster (initdb +
 * pg_ctl in a temp folder, on a free port) and a Mosquitto broker, both stopped and started by the
 * test. The machine's shared PostgreSQL and Mosquitto are never touched.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** PG_BIN, else the newest Debian PostgreSQL's binaries (initdb and pg_ctl are not on the PATH). */
const PG_BIN =
  process.env.PG_BIN ??
  `/usr/lib/postgresql/${readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0] ?? '15'}/bin`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
const asPostgres = (cmd: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);

export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  /** `immediate` is a crash: no checkpoint, recovery from the WAL at the next start. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-faults-pg-'));
  await chmod(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asPostgres(`${PG_BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () =>
      void (await asPostgres(`${PG_BIN}/pg_ctl`, [
        '-D',
        data,
        '-o',
        options,
        '-l',
        `${dir}/log`,
        '-w',
        'start',
      ])),
    stop: async (mode = 'fast') =>
      void (await asPostgres(`${PG_BIN}/pg_ctl`, ['-D', data, '-m', mode, '-w', 'stop'])),
    async destroy() {
      await pg.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  running.add(pg.destroy);
  return pg;
}

export interface PrivateBroker {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Everything started here that a failing test could leave running: stopped by `stopAll`. */
const running = new Set<() => Promise<void>>();
export const onCleanup = (stop: () => Promise<void>) => void running.add(stop);
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
  running.clear();
}

/** `mosquitto -p <port>`: anonymous on loopback, MQTT v5, no persistence (a restart forgets sessions). */
export async function startMosquitto(): Promise<PrivateBroker> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const broker: PrivateBroker = {
    url: `mqtt://127.0.0.1:${port}`,
    async start() {
      child = spawn('mosquitto', ['-p', String(port)], { stdio: 'ignore' });
      await waitForPort(port);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
  await broker.start();
  running.add(broker.stop);
  return broker;
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `probe` until `done` or the timeout; returns the last value. */
export async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
