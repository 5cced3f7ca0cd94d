#!/usr/bin/env node
// `npm start`: builds the console and the server when missing or older than their sources, then
// runs the compiled server (packages/server/dist/main.js) in this process: plain Node, no loader,
// so SIGTERM/SIGINT reach the server's graceful shutdown directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const stale = (output, ...dirs) =>
  !existsSync(output) || statSync(output).mtimeMs < Math.max(...dirs.map((d) => newest(path.join(root, d))));
function run(what, args) {
  console.log(`Building the ${what}…`);
  const build = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (stale(dist, 'packages/web/src', 'packages/shared/src'))
  run('console', ['run', 'build', '-w', '@sightline/web']);
const serverMain = path.join(root, 'packages/server/dist/main.js');
if (stale(serverMain, 'packages/server/src', 'packages/shared/src'))
  run('server', ['run', 'build', '-w', '@sightline/server']);
await import(pathToFileURL(serverMain).href);
