/**
 * The multipart parser for an upload scope (photos, map images, the import sheet), with the limits
 * of that scope. A malformed body — no boundary, a boundary longer than RFC 2046's 70 characters,
 * or data that ends before the closing boundary — is the client's error: 400, never the parser's
 * bare Error as a 500; a body past the scope's count of files, fields or parts is a 413 that says
 * which (and a file over the size limit, the scope's own words). Every route of the scope carries
 * `x-upload` (the kind of file it takes) in the OpenAPI document, so the upload suite finds it and
 * feeds it bombs of that kind, and `x-form` (its form's parts), which the document turns into a
 * `multipart/form-data` request body that a generated client can send.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import { UPLOAD_MSG } from '@sightline/shared';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { badRequest, HttpError } from './errors.js';

const MALFORMED_MULTIPART = 'Malformed multipart body';

/** What an upload route takes: a workbook, photos or a floor-plan image. */
type UploadKind = 'xlsx' | 'photos' | 'map-image';

/** The JSON schema of a multipart form: its parts by name, a file as `format: binary`. */
export interface FormSchema {
  type: 'object';
  required: string[];
  properties: Record<string, Record<string, unknown>>;
}

/** A form of one file, the part named `file` (see onlyFile). */
export const oneFileForm = (description: string): FormSchema => ({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description } },
});

export interface UploadScope {
  upload: UploadKind;
  /** The parts the scope's routes read. */
  form: FormSchema;
  limits: UploadLimits;
  /** The answer to a file over `limits.fileSize`. */
  tooLarge: string;
}

interface UploadLimits {
  /** Bytes of one file. */
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  /** Bytes of one field's value. */
  fieldSize?: number;
}

/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/** The parser's count limits as the client's error, saying which; other errors as they are. */
function limitError(error: Error & { code?: string }, { limits, tooLarge }: UploadScope): Error {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, tooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, UPLOAD_MSG.tooManyFiles(limits.files));
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, UPLOAD_MSG.tooManyFields(limits.fields));
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, UPLOAD_MSG.tooManyParts(limits.parts));
    default:
      return /unexpected end of multipart data|terminated early/i.test(error.message)
        ? badRequest(MALFORMED_MULTIPART)
        : error;
  }
}

export async function registerMultipart(scope: FastifyInstance, upload: UploadScope) {
  scope.addHook('onRoute', (route) => {
    const schema: FastifySchema & { 'x-upload': UploadKind; 'x-form': FormSchema } = {
      ...route.schema,
      'x-upload': upload.upload,
      'x-form': upload.form,
    };
    route.schema = schema;
  });
  if (!scope.hasContentTypeParser('multipart/form-data'))
    await scope.register(multipart, { limits: upload.limits });
  scope.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !BOUNDARY.test(request.headers['content-type'] ?? '')) {
      throw badRequest(MALFORMED_MULTIPART);
    }
  });
  // A child error handler that throws hands the error to the app's handler, which formats it.
  scope.setErrorHandler((error: Error) => {
    throw limitError(error, upload);
  });
}

/**
 * The one file of a single-file upload, the part named `file`, read whole by `take` (spooled or
 * buffered) before the rest of the body is looked at: any other part, before or after it, is a 400
 * and what `take` made is handed to `discard`, so a request is used whole or not at all.
 */
export async function onlyFile<T>(
  request: FastifyRequest,
  take: (file: MultipartFile) => Promise<T>,
  discard?: (taken: T) => Promise<void>,
): Promise<T | undefined> {
  let taken: { value: T } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || taken) {
        if (part.type === 'file') part.file.resume();
        throw badRequest(UPLOAD_MSG.oneFile);
      }
      taken = { value: await take(part) };
    }
    return taken?.value;
  } catch (error) {
    if (taken && discard) await discard(taken.value);
    throw error;
  }
}
