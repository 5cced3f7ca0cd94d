/**
 * The multipart parser for an upload scope (photos, map images, the import sheet). A malformed
 * body — no boundary, a boundary longer than RFC 2046's 70 characters, or data that ends before
 * the closing boundary — is the client's error: 400, never the parser's bare Error as a 500.
 */
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

export const MALFORMED_MULTIPART = 'Malformed multipart body';

/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

export async function registerMultipart(scope: FastifyInstance, options: FastifyMultipartOptions = {}) {
  if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, options);
  scope.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !BOUNDARY.test(request.headers['content-type'] ?? '')) {
      throw badRequest(MALFORMED_MULTIPART);
    }
  });
  // A child error handler that throws hands the error to the app's handler, which formats it.
  scope.setErrorHandler((error: Error) => {
    throw /unexpected end of multipart data|terminated early/i.test(error.message)
      ? badRequest(MALFORMED_MULTIPART)
      : error;
  });
}
