/**
 * The server's wiring rules, checked on the source text so they cannot quietly come back:
 *
 * - Layers: features → tracking → platform → db. A file imports its own layer or the layers below
 *   it, never one above (static, dynamic and re-exporting imports alike). Tests and test kits
 *   (`*.test.ts`, `*.testkit.ts`) drive the whole app and are exempt.
 * - Configuration is read from the environment in `config.ts` only; the rest gets a `Config`.
 *   Exempt: tests and test kits, and the command-line scripts (`*-cli.ts`), which run on their own.
 * - Advisory lock numbers and key hashes are written in `db/locks.ts` only.
 * - No two feature folders import each other (a shared piece goes to the feature that owns it, or
 *   to a small folder both use).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const LAYERS = ['db', 'platform', 'tracking', 'features'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const isTest = (file: string) => /\.(test|testkit)\.ts$/.test(file);
const files = sourceFiles(SRC).map(relative).sort();

/** The layer of a path relative to src (undefined: the top level — app.ts, config.ts, …). */
function layerOf(rel: string): number | undefined {
  const index = LAYERS.indexOf(rel.split('/')[0] as (typeof LAYERS)[number]);
  return index < 0 ? undefined : index;
}

/** Every module a file names in an import, export … from, or import() (TypeScript's own scanner). */
function importsOf(rel: string): string[] {
  const text = readFileSync(path.join(SRC, rel), 'utf8');
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Upward imports of the files: `file → imported path`. */
export function upwardImports(
  rels: readonly string[],
  read: (rel: string) => string[] = importsOf,
): string[] {
  const found: string[] = [];
  for (const rel of rels) {
    const own = layerOf(rel);
    if (own === undefined || isTest(rel)) continue;
    for (const spec of read(rel)) {
      if (!spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      const their = layerOf(target);
      if (their !== undefined && their > own) found.push(`${rel} → ${target}`);
    }
  }
  return found;
}

/** Pairs of feature folders that import each other (`a ↔ b`, a before b), tests and test kits aside. */
export function featureCycles(
  rels: readonly string[],
  read: (rel: string) => string[] = importsOf,
): string[] {
  const edges = new Set<string>();
  for (const rel of rels) {
    const [layer, from] = rel.split('/');
    if (layer !== 'features' || isTest(rel)) continue;
    for (const spec of read(rel)) {
      if (!spec.startsWith('.')) continue;
      const [toLayer, to] = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)).split('/');
      if (toLayer === 'features' && to && from && to !== from && !to.endsWith('.js'))
        edges.add(`${from} ${to}`);
    }
  }
  return [...edges]
    .map((e) => e.split(' ') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();
}

/** Files other than config.ts that read `process.env` (tests, test kits and scripts exempt). */
export function envReaders(rels: readonly string[], read: (rel: string) => string): string[] {
  return rels.filter(
    (rel) =>
      rel !== 'config.ts' &&
      !isTest(rel) &&
      !rel.endsWith('-cli.ts') &&
      /\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"]env['"]\s*\]/.test(read(rel)),
  );
}

describe('server wiring', () => {
  it('finds the source files', () => {
    for (const layer of LAYERS) expect(files.some((f) => f.startsWith(`${layer}/`))).toBe(true);
    expect(files).toContain('app.ts');
  });

  it('no layer imports a layer above it (features → tracking → platform → db)', () => {
    expect(upwardImports(files)).toEqual([]);
  });

  it('the check sees upward imports of every form', () => {
    const fake: Record<string, string[]> = {
      'db/a.ts': ['../platform/x.js'],
      'platform/b.ts': ['../tracking/store/index.js', '../db/client.js'],
      'tracking/store/c.ts': ['../../features/webhooks/outbox.js', '../engine/index.js'],
      'features/d/e.ts': ['../../tracking/store/index.js', '../other/service.js'],
      'db/f.test.ts': ['../features/x.js'],
    };
    expect(upwardImports(Object.keys(fake), (rel) => fake[rel] ?? [])).toEqual([
      'db/a.ts → platform/x.js',
      'platform/b.ts → tracking/store/index.js',
      'tracking/store/c.ts → features/webhooks/outbox.js',
    ]);
    const scanned = ts.preProcessFile(
      "import a from '../x.js';\nexport { b } from '../y.js';\nconst c = await import('../z.js');",
      true,
      true,
    );
    expect(scanned.importedFiles.map((f) => f.fileName)).toEqual(['../x.js', '../y.js', '../z.js']);
  });

  it('has no two feature folders importing each other', () => {
    expect(featureCycles(files)).toEqual([]);
    const fake: Record<string, string[]> = {
      'features/auth/service.ts': ['../totp/service.js'],
      'features/totp/service.ts': ['../auth/limiter.js'],
      'features/zones/service.ts': ['../sites/service.js'],
    };
    expect(featureCycles(Object.keys(fake), (rel) => fake[rel] ?? [])).toEqual(['auth ↔ totp']);
  });

  it('reads the environment in config.ts only', () => {
    const read = (rel: string) => readFileSync(path.join(SRC, rel), 'utf8');
    expect(envReaders(files, read)).toEqual([]);
    const fake: Record<string, string> = {
      'config.ts': 'process.env.PORT',
      'db/client.ts': 'Number(process.env.DATABASE_POOL_SIZE)',
      'platform/log.ts': "process['env']",
      'db/client.test.ts': 'process.env.TEST_DATABASE_URL',
      'tracking/simulator-cli.ts': 'process.env.SIGHTLINE_API_KEY',
    };
    expect(envReaders(Object.keys(fake), (rel) => fake[rel] ?? '')).toEqual([
      'db/client.ts',
      'platform/log.ts',
    ]);
  });

  it('names advisory lock numbers and key hashes in db/locks.ts only', () => {
    const lockText = /7_?245_?0\d\d|hashtext/;
    const outside = files.filter(
      (rel) =>
        rel !== 'db/locks.ts' && !isTest(rel) && lockText.test(readFileSync(path.join(SRC, rel), 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});
