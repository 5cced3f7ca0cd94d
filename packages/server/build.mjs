#!/usr/bin/env node
// Builds the server once into dist/ (docs/decisions/0046-process-logs-and-build.md): one ESM bundle
// of src/ and @sightline/shared, with every npm dependency left external (loaded from node_modules
// as usual) and the SQL migrations copied beside it. `npm start` runs dist/main.js with plain Node,
// no loader.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const deps = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(here, file), 'utf8')).dependencies ?? {});
const packages = [...deps('package.json'), ...deps('../shared/package.json')].filter(
  (name) => name !== '@sightline/shared',
);
const outdir = path.join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: { main: 'src/main.ts', 'simulator-cli': 'src/tracking/simulator-cli.ts' },
  absWorkingDir: here,
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: packages.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`Server built into packages/server/dist in ${Date.now() - started} ms`);
