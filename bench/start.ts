/**
 * `npm run bench:start -- [dist|tsx] [runs]`: start time (spawn → "Server listening") and idle
 * resident memory (10 s after it) of the server, with the demo on (its simulator off) and PGlite
 * in one data folder: the first run starts on an empty folder, the others on the filled one.
 * `dist` is what `npm start` runs (the esbuild bundle: build it first with
 * `npm run build -w @sightline/server`); `tsx` is the source through the TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const mode = process.argv[2] === 'tsx' ? 'tsx' : 'dist';
const runs = Number(process.argv[3] ?? 3);
const args =
  mode === 'tsx' ? ['--import', 'tsx', 'packages/server/src/main.ts'] : ['packages/server/dist/main.js'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'sightline-start-'));

function startOnce(): Promise<{ readyMs: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_SIMULATOR: '0',
      ADMIN_PASSWORD: 'Start-Bench-Pass-42',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`exited with ${code}:\n${out}`))));
    child.stdout.on('data', (chunk: Buffer) => {
      const first = !/listening at/i.test(out);
      out += chunk.toString();
      if (!first || !/listening at/i.test(out)) return;
      const readyMs = performance.now() - started;
      setTimeout(() => {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
        child.once('exit', () => resolve({ readyMs, rssMb }));
        child.kill('SIGTERM');
      }, 10_000);
    });
  });
}

try {
  for (let i = 0; i < runs; i++) {
    const { readyMs, rssMb } = await startOnce();
    const kind = i === 0 ? 'first start (empty folder)' : 'later start';
    console.log(`${mode} ${kind}: ready in ${Math.round(readyMs)} ms, idle RSS ${Math.round(rssMb)} MB`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
