/**
 * A typed client generated from the served document compiles: openapi-typescript writes the
 * types, a few openapi-fetch calls are type-checked against them with the TypeScript compiler,
 * and calls that break the contract (a missing required parameter, an unknown field, a wrong
 * type) are type errors (each marked `@ts-expect-error`, itself an error if nothing is wrong).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../test/factories.js';

const app = await makeApp();
const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
const dir = mkdtempSync(path.join(tmpdir(), 'sightline-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CALLS = `
import createClient from 'openapi-fetch';
import type { paths, operations } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://localhost:8080' });
const id = '0123456789abcdef01234567';

export async function calls() {
  const zone = await client.GET('/api/zones/{id}', { params: { path: { id } } });
  const name: string | undefined = zone.data?.name;
  const status: string | undefined = zone.error?.message;

  const images = await client.GET('/api/images', { params: { query: { site: id, tag: ['dock'] } } });
  const firstId: string | undefined = images.data?.[0]?._id;

  const photo = await client.GET('/api/images/{id}/meta', { params: { path: { id } } });
  if (photo.data) {
    // The photos client: the record it read, one field changed, sent back whole.
    await client.PUT('/api/images/{id}/meta', {
      params: { path: { id } },
      body: { ...photo.data, annotation: 'changed' },
    });
  }

  await client.POST('/api/ingest/impinj/{uuid}', {
    params: { path: { uuid: 'reader-1' } },
    body: [{ timestamp: '2026-01-01T00:00:00Z', eventType: 'tagInventory', tagInventoryEvent: { epcHex: 'E280' } }],
  });

  const available = await client.GET('/auth/okta/available');
  const notFound: string | undefined = available.error?.message;

  type ListZones = operations['getZones'];
  const page: ListZones['parameters']['query'] = { site: id, limit: 10 };

  // @ts-expect-error the images list requires its site
  const noSite: operations['getImages']['parameters']['query'] = { tag: ['dock'] };
  type NewZone = NonNullable<operations['postZones']['requestBody']>['content']['application/json'];
  // @ts-expect-error a zone has no such field
  const odd: NewZone = { name: 'Dock', site: id, colour: 'red' };
  // @ts-expect-error a zone's name is text
  await client.POST('/api/zones', { body: { name: 1, site: id } });

  return { name, status, firstId, notFound, page, noSite, odd };
}
`;

describe('a client generated from the document', () => {
  it('type-checks the calls it allows and refuses the ones it must', async () => {
    const started = performance.now();
    writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(path.join(dir, 'calls.ts'), CALLS);
    const require = createRequire(import.meta.url);
    const fetchTypes = path.join(path.dirname(require.resolve('openapi-fetch')), 'index.d.mts');
    const program = ts.createProgram([path.join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      paths: { 'openapi-fetch': [fetchTypes] },
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const line =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${path.basename(d.file?.fileName ?? '')}:${line} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(errors).toEqual([]);
    console.info(`generated client: ${Math.round(performance.now() - started)} ms`);
  });
});
