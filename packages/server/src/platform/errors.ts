/**
 * Typed HTTP errors thrown by services, and the one handler that formats every error as
 * `{ message, reason?, errors?: [{ path, message }] }` (docs/api.md).
 */

import { findRefusedText } from '@sightline/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

interface ErrorBody {
  message: string;
  reason?: string;
  errors?: { path: string; message: string }[];
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly reason?: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
  }
}
export const badRequest = (message: string, errors?: ErrorBody['errors']) =>
  new HttpError(400, message, undefined, errors);
export const unauthorized = (message = 'Unauthorized', reason?: string) =>
  new HttpError(401, message, reason);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);

function zodErrors(issues: { path: PropertyKey[]; message: string }[], prefix = '') {
  return issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}
function summary(errors: { path: string; message: string }[]) {
  return errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
}

/** `notFound: false` when the caller sets its own not-found handler (the web's single-page fallback). */
export function registerErrorHandler(app: FastifyInstance, opts: { notFound?: boolean } = {}) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.reason) body.reason = error.reason;
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext ?? '';
      const errors = error.validation.map((v) => ({
        path: [context, v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('.'),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ message: summary(errors), errors });
    }
    if (error instanceof ZodError) {
      const errors = zodErrors(error.issues);
      return reply.status(400).send({ message: summary(errors), errors });
    }
    const pgCode =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (pgCode === '23505')
      return reply.status(400).send({ message: 'duplicate: a record with this value already exists' });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Request body is too large' });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: redacted(error) }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
  if (opts.notFound === false) return;
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` }),
  );
}

/**
 * Every string and key of every request (body, query, params, whatever the route's schema) is
 * refused with a 400 when it carries NUL or a lone UTF-16 surrogate, or nests deeper than
 * MAX_DEPTH, before validation: one guarantee instead of one rule per schema.
 */
export function refuseBadText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const fault = findRefusedText(value);
      if (fault) {
        const at = [part, fault.path].filter(Boolean).join('.');
        throw badRequest(`${at}: ${fault.message}`, [{ path: at, message: fault.message }]);
      }
    }
  });
}

/**
 * A failing query's error carries its SQL parameters (drizzle's `params`, the message's
 * `params:` line, PostgreSQL's `detail`): secrets such as an Okta client secret must not reach the
 * log, so only the statement, the code and the stack are kept.
 */
export function redacted(error: Error): Record<string, unknown> {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  const strip = (text: string | undefined) => text?.replace(/\nparams: .*/g, '\nparams: [redacted]');
  return {
    type: error.name,
    message: strip(error.message),
    code: (error as { code?: string }).code ?? cause?.code,
    // PostgreSQL's own message may quote the value ('invalid input syntax … "secret"'): code only.
    cause: cause ? { code: cause.code } : undefined,
    stack: strip(error.stack),
  };
}
