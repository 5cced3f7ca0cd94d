/**
 * Asset import (docs/decisions/0039-asset-import.md): POST import/sheet (multipart xlsx → header row
 * and rows), POST import/preview (what each row will do; nothing written), POST import/rows (one
 * batch in one transaction), PUT import/mappings (a header mapping saved on the site).
 */
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_READS_PER_ORG,
  IMPORT_MSG,
  ImportMapping,
  ImportMappingInput,
  ImportPreview,
  ImportPreviewRequest,
  ImportQuery,
  ImportResult,
  ImportRowsRequest,
  ImportSheet,
} from '@sightline/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize, callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { inProgressLimit } from '../../platform/in-progress.js';
import { oneFileForm, onlyFile, registerMultipart } from '../../platform/multipart.js';
import { requireSite } from '../sites/service.js';
import * as service from './service.js';
import { readSheet } from './sheet.js';

const MB = 1024 * 1024;

export function registerImportRoutes(app: App) {
  const deps = app.ctx;
  const { db } = deps;
  const tags = ['import'];
  const reading = inProgressLimit(IMPORT_MAX_READS_PER_ORG, IMPORT_MSG.busy);

  // Multipart only in this scope: the rest of the API stays JSON.
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(scope, {
      upload: 'xlsx',
      form: oneFileForm('The workbook to import (.xlsx).'),
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      tooLarge: IMPORT_MSG.tooLarge(IMPORT_MAX_BYTES / MB),
    });
    scope.post(
      '/api/import/sheet',
      { schema: { tags, querystring: ImportQuery, response: { 200: ImportSheet } } },
      async (req) => {
        const caller = callerOf(req);
        await requireSite(db, caller, req.query.site);
        authorize(caller, 'things', 'create', req.query.site);
        if (!req.isMultipart()) throw badRequest(IMPORT_MSG.noFile);
        return reading(caller.orgId, async () => {
          const file = await onlyFile(req, async (part) => {
            if (!/\.xlsx$/i.test(part.filename)) {
              part.file.resume();
              throw badRequest(IMPORT_MSG.xlsxOnly);
            }
            return part.toBuffer();
          });
          if (!file) throw badRequest(IMPORT_MSG.noFile);
          return readSheet(file);
        });
      },
    );
  });

  app.post(
    '/api/import/preview',
    {
      bodyLimit: 64 * MB,
      schema: {
        tags,
        querystring: ImportQuery,
        body: ImportPreviewRequest,
        response: { 200: ImportPreview },
      },
    },
    (req) => service.previewImport(db, callerOf(req), req.query.site, req.body),
  );
  app.post(
    '/api/import/rows',
    {
      bodyLimit: 16 * MB,
      schema: { tags, querystring: ImportQuery, body: ImportRowsRequest, response: { 200: ImportResult } },
    },
    (req) => service.importRows(deps, callerOf(req), req.query.site, req.body),
  );
  app.put(
    '/api/import/mappings',
    {
      schema: {
        tags,
        querystring: ImportQuery,
        body: ImportMappingInput,
        response: { 200: z.array(ImportMapping) },
      },
    },
    (req) => service.saveMapping(db, callerOf(req), req.query.site, req.body),
  );
}
