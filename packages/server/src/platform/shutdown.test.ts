/**
 * Graceful shutdown, on the real process: the server runs as a child process
 * (PGlite in a temp folder, or TEST_DATABASE_URL; the job timer, the queue workers and the MQTT
 * client on) over a tenant the test made first, in process; an ingest batch is half uploaded and a live stream is open when SIGTERM arrives.
 * The batch must be stored and answered, the stream must end, and the process must exit 0
 * within the shutdown bound.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_VALUE } from '@sightline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEndpoint, makeOrg, makeSite, makeUser, PASSWORD, readerHeaders } from '../../test/factories.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { newId } from './ids.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
/** The bound the server is given (its own timer exits 1 past it); generous for a busy CI machine. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts `src/main.ts` with plain Node (no tsx CLI in between: the signal reaches the server). */
function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      MQTT_URL: process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
      MQTT_SHARE_GROUP: `shutdown-${newId()}`,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      WEB_DIST: dataDir, // no console here: the test is about the API
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const poll = setInterval(() => {
      const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/i.exec(out)?.[1];
      if (!port) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ child, port: Number(port), output: () => out, exited });
    }, 50);
    void exited.then(({ code }) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}

describe('graceful shutdown of the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sightline-shutdown-'));
  let server: Running;
  let base: string;
  let tenant: { siteId: string; username: string; reader: { uuid: string; key: string } };

  beforeAll(async () => {
    // The tenant is made in the database the server process will open, before it opens it.
    const setup = await buildApp(testConfig({ dataDir }));
    const org = await makeOrg(setup);
    const site = await makeSite(setup, org.id);
    const user = await makeUser(setup, org.id, { role: 'admin' });
    const reader = await makeEndpoint(setup.ctx.db, org.id, site.id, { name: 'Dock reader' });
    tenant = { siteId: site.id, username: user.username, reader };
    await setup.close();
    server = await startServer(dataDir);
    base = `http://127.0.0.1:${server.port}`;
  }, 100_000);
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the batch in flight, ends the live stream and exits 0 within the bound', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
      body: JSON.stringify({ username: tenant.username, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { siteId, reader } = tenant;

    // One batch first, so the timed one does not pay for the ingest path's first run.
    const warmUp = await fetch(`${base}/api/ingest/sightings`, {
      method: 'POST',
      headers: {
        ...readerHeaders(reader),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ sightings: [{ tag: 'E28068940000500000009999', antenna: 1 }] }),
    });
    expect(warmUp.status).toBe(200);

    // A live stream, open and past its first frame.
    const stream = await new Promise<{ ended: Promise<string> }>((resolve, reject) => {
      http
        .get(`${base}/api/live?site=${siteId}`, { headers: { cookie } }, (res) => {
          expect(res.statusCode).toBe(200);
          let text = '';
          const ended = new Promise<string>((done) => {
            res.on('end', () => done(text));
            res.on('close', () => done(text));
          });
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes(': connected')) resolve({ ended });
          });
        })
        .on('error', reject);
    });

    // A reader batch whose body is half uploaded when the signal comes.
    const body = JSON.stringify({
      sightings: Array.from({ length: 50 }, (_, i) => ({
        tag: `E2806894000050${String(i).padStart(10, '0')}`,
        antenna: 1,
        time: new Date(Date.now() - 1000 + i).toISOString(),
      })),
    });
    let answered = false;
    let answeredBeforeRest = false;
    let signalled = 0;
    const batch = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/api/ingest/sightings`,
        {
          method: 'POST',
          headers: {
            ...readerHeaders(reader),
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => {
            answered = true;
            resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection });
          });
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, body.length / 2));
      setTimeout(() => {
        if (!server.child.kill('SIGTERM')) reject(new Error('SIGTERM not delivered'));
        signalled = Date.now();
        // The rest of the batch arrives after the signal, while the server is stopping.
        setTimeout(() => {
          answeredBeforeRest = answered;
          req.end(body.slice(body.length / 2));
        }, 1000);
      }, 500);
    });

    const answer = await batch;
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ accepted: 50, duplicates: 0 });
    // Its socket closes with the answer (kept alive, it would hold the shutdown for 5 s).
    expect(answer.connection).toBe('close');
    await stream.ended;
    expect(answeredBeforeRest).toBe(false);
    const { code, signal, at } = await server.exited;
    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    console.log(`server exited ${at - signalled} ms after SIGTERM`);
    expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    // Stopped taking requests: nothing listens on the port any more.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(server.output()).toMatch(/SIGTERM: shutting down/);
  }, 60_000);
});
