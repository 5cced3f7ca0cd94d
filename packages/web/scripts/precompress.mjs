#!/usr/bin/env node
// Precompresses the built console once, at `npm run build`
// (docs/decisions/0043-console-delivery.md): beside every text file of dist/ a `.br` (brotli,
// quality 11) and a `.gz` (gzip, level 9), written only when smaller than the original. The server
// sends them as they are (@fastify/static `preCompressed`), so no request pays for compression and
// the best levels cost nothing at run time.
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|ico)$/;
/** Files this small fit in a packet either way; compressing them saves nothing worth a file. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (TEXT.test(entry.name)) yield p;
  }
}

const started = Date.now();
let before = 0;
let brotli = 0;
let gzip = 0;
for (const file of files(dist)) {
  const raw = readFileSync(file);
  for (const ext of ['.br', '.gz']) {
    try {
      unlinkSync(file + ext);
    } catch {}
  }
  if (raw.length < MIN_BYTES) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  before += raw.length;
  if (br.length < raw.length) {
    writeFileSync(`${file}.br`, br);
    brotli += br.length;
  }
  if (gz.length < raw.length) {
    writeFileSync(`${file}.gz`, gz);
    gzip += gz.length;
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `Precompressed ${path.relative(process.cwd(), dist) || '.'}: ${kb(before)} → brotli ${kb(brotli)}, gzip ${kb(gzip)} in ${Date.now() - started} ms`,
);
