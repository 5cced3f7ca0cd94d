/**
 * Every GET of the route table answers what the OpenAPI document says: its JSON answer, fetched
 * with plausible parameters, has a status the document lists, and passes that status's schema
 * under ajv (a client generated from the document can trust it, errors included).
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { makeApp, makeSuperAdmin, makeTenant } from '../factories.js';
import { makeRecords, plausibleQuery, recordIdFor } from './fixtures.js';
import { type JsonSchema, pathParamsOf, type Route, routeName, routeTable, urlOf } from './route-table.js';

const app = await makeApp({ logLevel: 'error', logFormat: 'json' });
const tenant = await makeTenant(app);
const su = await makeSuperAdmin(app, tenant.org.id);
const own = await makeRecords(app, tenant.org.id, tenant.site.id, tenant.admin);

type Ref = { $ref?: string };
type Response = Ref & { content?: Record<string, { schema?: JsonSchema & Ref }> };
type Operation = { responses?: Record<string, Response> };
const doc = app.swagger() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response>; schemas: Record<string, JsonSchema> };
};
const named = <T>(ref: string, table: Record<string, T>) => table[ref.split('/').pop() ?? ''];
const reads = routeTable(app).filter((r) => r.method === 'GET' && !r.eventStream);

// OpenAPI 3.0 schemas: `nullable` is a keyword, `example`s and `x-` extensions are not checked.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);

/** The schema of the JSON answer the document gives `route` for `status`, if it lists one. */
function answerSchema(route: Route, status: number): JsonSchema | undefined {
  const listed = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.get?.responses?.[String(status)];
  const response = listed?.$ref ? named(listed.$ref, doc.components.responses) : listed;
  const schema = response?.content?.['application/json']?.schema;
  return schema?.$ref ? named(schema.$ref, doc.components.schemas) : schema;
}

describe('GET answers match the document', () => {
  it('every GET of the route table', async () => {
    expect(reads.length).toBeGreaterThan(55);
    const checked: string[] = [];
    const mismatched: string[] = [];
    for (const route of reads) {
      const url = urlOf(route, pathParamsOf(route, recordIdFor(route, own)), plausibleQuery(route, own));
      const res = await su.request('GET', url);
      if (!String(res.headers['content-type']).includes('json')) continue; // files, CSV, images
      const schema = answerSchema(route, res.statusCode);
      if (!schema) {
        mismatched.push(`${routeName(route)}: ${res.statusCode} is not in the document`);
        continue;
      }
      checked.push(`${routeName(route)} ${res.statusCode}`);
      const validate = ajv.compile(schema);
      if (!validate(res.json())) mismatched.push(`${routeName(route)}: ${ajv.errorsText(validate.errors)}`);
    }
    console.info(`GET answers checked against the document: ${checked.length}`);
    expect(mismatched).toEqual([]);
  });
});
