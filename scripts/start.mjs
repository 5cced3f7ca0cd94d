#!/usr/bin/env node
// `npm start`: builds the console when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
const sources = Math.max(newest(path.join(web, 'src')), newest(path.join(root, 'packages/shared/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the console…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sightline/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync('npx', ['tsx', 'packages/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 0);
