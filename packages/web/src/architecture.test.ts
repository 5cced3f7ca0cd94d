/**
 * The console's layers, from the top: `app` (the shell, the router, the live rules: it composes
 * the features), `features` (one folder per screen family), then the base everything shares —
 * `api` (requests, session, live stream), `components` and `navigation` (the registry's types,
 * paths and site links). A file imports only its own layer or lower ones, so no feature reaches
 * into the shell, and the shell's imports of the features are the one place they are put
 * together. Tests are exempt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Layers by rank: a file may import a folder of the same or a lower rank. */
const RANK: Record<string, number> = { api: 0, components: 0, navigation: 0, features: 1, app: 2 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative module specifiers of a file's static and dynamic imports and re-exports. */
function importsOf(text: string): string[] {
  const found = text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]*)\1/g);
  return [...found].map((m) => m[2] as string);
}

const layerOf = (file: string) => relative(SRC, file).split(/[\\/]/)[0] ?? '';

function upwardImports(files: string[]) {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!(from in RANK)) continue;
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const to = layerOf(resolve(dirname(file), spec));
      if (to in RANK && (RANK[to] as number) > (RANK[from] as number))
        found.push(`${relative(SRC, file)} imports ${spec} (${from} → ${to})`);
    }
  }
  return found;
}

describe('console layers', () => {
  it('no file imports a layer above its own', () => {
    expect(upwardImports(sourceFiles(SRC))).toEqual([]);
  });

  it('reads the imports it checks, static and dynamic', () => {
    expect(
      importsOf(
        `import { a } from '../app/registry';\nconst P = lazy(() => import('./Page'));\nexport * from "./x";`,
      ),
    ).toEqual(['../app/registry', './Page', './x']);
  });
});
