/** The photo catalogue's calls: list and filter, upload, read, edit, bulk changes, downloads. */
import {
  IdParams,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  IMAGE_MSG,
  Image,
  ImageBulkMetaInput,
  ImageBulkQuery,
  ImageCount,
  ImageFilter,
  ImageIdsParams,
  ImageListQuery,
  ImageMetaInput,
} from '@sightline/shared';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { type FormSchema, registerMultipart } from '../../platform/multipart.js';
import { sendStored } from '../../platform/storage/http.js';
import { csvStream, entryNamer, zipStream } from './exports.js';
import * as service from './service.js';
import { type UploadPart, uploadImages } from './upload.js';

const SiteQuery = z.object({ site: z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hex id') });
const DownloadQuery = z.object({ download: z.enum(['true', 'false', '1', '0']).optional() });
const IdsParams = z.object({ id: ImageIdsParams.shape.ids });

const attachment = (name: string) => `attachment; filename="${name.replace(/"/g, '')}"`;
const stamp = () => new Date().toISOString().slice(0, 10);

/** The upload form (upload.ts): photos in parts named `file`, and what every photo gets. */
const PHOTO_FORM: FormSchema = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'The photos.' },
    tags: { type: 'array', items: { type: 'string' }, description: 'Tags of every photo (one part each).' },
    categories: {
      type: 'array',
      items: { type: 'string', pattern: '^[0-9a-f]{24}$' },
      description: 'Category ids of every photo (one part each).',
    },
    thing: { type: 'string', pattern: '^[0-9a-f]{24}$', description: 'A thing the photos are added to.' },
    category: {
      type: 'string',
      description: 'An image category by name (made when none has it) for every photo.',
    },
  },
};

export function registerImageRoutes(app: App) {
  const { db, storage } = app.ctx;
  const tags = ['images'];

  app.get(
    '/api/images',
    { schema: { tags, querystring: ImageListQuery, response: { 200: z.array(Image) } } },
    async (req, reply) => {
      return sendList(reply, await service.listImages(db, callerOf(req), req.query));
    },
  );
  app.put(
    '/api/images/meta',
    {
      schema: { tags, querystring: ImageBulkQuery, body: ImageBulkMetaInput, response: { 200: ImageCount } },
    },
    (req) => service.bulkMeta(db, callerOf(req), req.query, req.body),
  );
  app.delete(
    '/api/images',
    { schema: { tags, querystring: ImageBulkQuery, response: { 200: ImageCount } } },
    (req) => service.bulkDelete(db, storage, callerOf(req), req.query),
  );

  app.get(
    '/api/images/:id',
    { schema: { tags, params: IdParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const file = await service.imageFile(db, callerOf(req), req.params.id, 'original');
      const download = req.query.download === 'true' || req.query.download === '1';
      return sendStored(storage, file.key, req, reply, {
        type: file.type,
        what: 'Image',
        disposition: download ? attachment(entryNamer()(file.row.fileName, file.row.format)) : undefined,
      });
    },
  );
  for (const variant of ['thumb', 'mini'] as const) {
    app.get(`/api/images/:id/${variant}`, { schema: { tags, params: IdParams } }, async (req, reply) => {
      const file = await service.imageFile(db, callerOf(req), req.params.id, variant);
      return sendStored(storage, file.key, req, reply, { type: file.type, what: 'Image' });
    });
  }
  app.get('/api/images/:id/meta', { schema: { tags, params: IdParams, response: { 200: Image } } }, (req) =>
    service.getImage(db, callerOf(req), req.params.id),
  );
  app.put(
    '/api/images/:id/meta',
    { schema: { tags, params: IdParams, body: ImageMetaInput, response: { 200: Image } } },
    (req) => service.updateMeta(db, callerOf(req), req.params.id, req.body),
  );
  app.delete('/api/images/:id', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await service.deleteImage(db, storage, callerOf(req), req.params.id);
    return reply.status(204).send();
  });

  // Downloads: by ids (images/{ids}/zip) or by the filter (images//zip?<filter>).
  const zip = (reply: FastifyReply, orgId: string, where: Parameters<typeof zipStream>[3]) =>
    reply
      .type('application/zip')
      .header('content-disposition', attachment(`images-${stamp()}.zip`))
      .send(zipStream(db, storage, orgId, where, app.log));
  const csv = (reply: FastifyReply, orgId: string, where: Parameters<typeof csvStream>[2]) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`images-${stamp()}.csv`))
      .send(csvStream(db, orgId, where, app.log));

  app.get('/api/images/:id/zip', { schema: { tags, params: IdsParams } }, async (req, reply) => {
    const caller = callerOf(req);
    return zip(reply, caller.orgId, await service.idsSelection(db, caller, req.params.id));
  });
  app.get('/api/images/:id/csv', { schema: { tags, params: IdsParams } }, async (req, reply) => {
    const caller = callerOf(req);
    return csv(reply, caller.orgId, await service.idsSelection(db, caller, req.params.id));
  });
  app.get('/api/images//zip', { schema: { tags, querystring: ImageFilter } }, async (req, reply) => {
    const caller = callerOf(req);
    return zip(reply, caller.orgId, await service.selection(db, caller, req.query, false));
  });
  app.get('/api/images//csv', { schema: { tags, querystring: ImageFilter } }, async (req, reply) => {
    const caller = callerOf(req);
    return csv(reply, caller.orgId, await service.selection(db, caller, req.query, false));
  });

  // The multipart parser only where uploads happen (encapsulated: other routes keep JSON only).
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(scope, {
      upload: 'photos',
      form: PHOTO_FORM,
      limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES, fields: 300, fieldSize: 1000, parts: 400 },
      tooLarge: IMAGE_MSG.tooLarge,
    });
    scope.post(
      '/api/images',
      { schema: { tags, querystring: SiteQuery, response: { 200: z.array(Image) } } },
      async (req) => {
        const caller = callerOf(req);
        if (!req.isMultipart()) {
          return uploadImages(app.ctx, caller, req.query.site, (async function* () {})());
        }
        const parts = req.parts();
        async function* adapt(): AsyncGenerator<UploadPart> {
          for await (const part of parts) {
            if (part.type === 'file')
              yield { type: 'file', fieldname: part.fieldname, filename: part.filename, file: part.file };
            else yield { type: 'field', fieldname: part.fieldname, value: part.value };
          }
        }
        return uploadImages(app.ctx, caller, req.query.site, adapt());
      },
    );
  });
}
