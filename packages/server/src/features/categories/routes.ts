/**
 * Served at both api/categories and api/image-categories, with the same handlers: both paths are
 * part of the API (the access resource is named `image-categories`) and name the same records.
 */
import {
  Category,
  CategoryInput,
  CategoryListQuery,
  categoryQrPayload,
  IdParams,
  QrSizeQuery,
} from '@sightline/shared';
import { z } from 'zod';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendList } from '../../platform/list-query.js';
import { sendQrPng } from '../../platform/qrcode.js';
import * as service from './service.js';

const CATEGORY_PATHS = ['/api/categories', '/api/image-categories'] as const;

export function registerCategoryRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['categories'];

  for (const base of CATEGORY_PATHS) {
    app.get(
      base,
      { schema: { tags, querystring: CategoryListQuery, response: { 200: z.array(Category) } } },
      async (req, reply) => {
        return sendList(reply, await service.listCategories(db, callerOf(req), req.query));
      },
    );
    app.get(`${base}/:id`, { schema: { tags, params: IdParams, response: { 200: Category } } }, (req) =>
      service.getCategory(db, callerOf(req), req.params.id),
    );
    app.get(
      `${base}/:id/qrcode`,
      { schema: { tags, params: IdParams, querystring: QrSizeQuery } },
      async (req, reply) => {
        const category = await service.getCategory(db, callerOf(req), req.params.id);
        return sendQrPng(reply, categoryQrPayload(category), req.query.size);
      },
    );
    app.post(base, { schema: { tags, body: CategoryInput, response: { 200: Category } } }, (req) =>
      service.createCategory(db, callerOf(req), req.body),
    );
    app.put(
      `${base}/:id`,
      { schema: { tags, params: IdParams, body: CategoryInput, response: { 200: Category } } },
      (req) => service.updateCategory(db, callerOf(req), req.params.id, req.body),
    );
    app.delete(`${base}/:id`, { schema: { tags, params: IdParams } }, async (req, reply) => {
      await service.deleteCategory(db, callerOf(req), req.params.id);
      return reply.status(204).send();
    });
  }
}
