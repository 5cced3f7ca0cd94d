/** The field errors of a refused request, as the server names them: `{ errors: [{ path, message }] }`. */
import { ApiError, errorData } from './client';

export interface FieldIssue {
  path: string;
  message: string;
}

/** A 400's field errors, paths without the request part ('body.name' → 'name'). */
export function serverIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: { path?: unknown; message?: unknown }) =>
    typeof e?.path === 'string' && typeof e.message === 'string'
      ? [{ path: e.path.replace(/^(body|querystring|params)\.?/, ''), message: e.message }]
      : [],
  );
}

/** What a one-field form shows for a failure: the field's own message, else the server's data. */
export function fieldMessage(error: unknown): string {
  return serverIssues(error)[0]?.message ?? errorData(error);
}
