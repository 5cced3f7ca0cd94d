/**
 * The OpenAPI document as served: Redocly's recommended rules report no error (and none of the
 * warnings a client generator trips on), and it is a valid OpenAPI 3 document.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../../test/factories.js';
import { operationIdOf } from './openapi.js';

const app = await makeApp();
const served = await app.inject({ method: 'GET', url: '/api/docs/json' });
const document = served.json();

/** Warnings of the recommended rules that matter to generated clients: each is an error here. */
const STRICT = ['operation-operationId', 'operation-4xx-response', 'no-illogical-composition-keywords'];

describe('the OpenAPI document', () => {
  it('is served', () => {
    expect(served.statusCode).toBe(200);
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const started = performance.now();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: served.body,
      absoluteRef: '/api/docs/json',
      config,
    });
    const failing = problems
      .filter((p) => p.severity === 'error' || STRICT.includes(p.ruleId))
      .map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`);
    expect(failing).toEqual([]);
    // The lint's own time, for docs/benchmarks.md.
    console.info(`openapi lint: ${problems.length} warnings, ${Math.round(performance.now() - started)} ms`);
  });

  it('is a valid OpenAPI 3 document (swagger-parser)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it('names every operation uniquely and says how it authenticates', () => {
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(
      document.paths,
    )) {
      for (const [method, op] of Object.entries(operations)) {
        expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
        expect(ids.has(String(op.operationId)), String(op.operationId)).toBe(false);
        ids.add(String(op.operationId));
        expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
      }
    }
    const op = (path: string, method = 'get') => document.paths[path][method];
    expect(op('/api/zones').security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(op('/api/zones', 'post').security).toEqual([{ session: [], csrf: [] }, { apiKey: [] }]);
    expect(op('/api/ingest/impinj/{uuid}', 'post').security).toEqual([
      { readerBasic: [] },
      { readerBearer: [] },
    ]);
    expect(op('/api/auth/login', 'post').security).toEqual([]);
    expect(document.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'sl_session' });
  });

  it('describes what the routes really take and answer', () => {
    const images = document.paths['/api/images'].get.parameters;
    expect(
      images.filter((p: { required: boolean }) => p.required).map((p: { name: string }) => p.name),
    ).toEqual(['site']);
    expect(Object.keys(document.paths).filter((p) => p.includes('//'))).toEqual([]);
    expect(document.paths['/api/images/{id}/zip'].get['x-empty-form'].path).toBe('/api/images//zip');
    expect(document.paths['/auth/okta/available'].get.responses['404']).toBeDefined();
    for (const reader of ['impinj', 'zebra']) {
      const body =
        document.paths[`/api/ingest/${reader}/{uuid}`].post.requestBody.content['application/json'];
      expect(body.schema.anyOf, reader).toHaveLength(2);
    }
  });

  it('describes each upload as a form with its file parts, so a generated client can send it', () => {
    const forms = {
      'post /api/images': {
        file: 'array',
        tags: 'array',
        categories: 'array',
        thing: 'string',
        category: 'string',
      },
      'post /api/import/sheet': { file: 'string' },
      'put /api/maps/{id}/image': { file: 'string' },
    };
    for (const [name, parts] of Object.entries(forms)) {
      const [method = '', path = ''] = name.split(' ');
      const body = document.paths[path][method].requestBody;
      expect(body?.required, name).toBe(true);
      const schema = body.content['multipart/form-data'].schema;
      expect(schema.required, name).toEqual(['file']);
      expect(
        Object.fromEntries(
          Object.entries(schema.properties).map(([k, v]) => [k, (v as { type: string }).type]),
        ),
        name,
      ).toEqual(parts);
      const file = schema.properties.file;
      expect(file.format ?? file.items.format, name).toBe('binary');
      expect(document.paths[path][method]['x-form'], name).toBeUndefined();
    }
  });
});
