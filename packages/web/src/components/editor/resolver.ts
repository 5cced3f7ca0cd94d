/**
 * The editor's react-hook-form resolver. The screen's shared zod input schema (the one the server
 * validates the same request with) checks the body the form would send, through
 * `@hookform/resolvers/zod`; the declarations add what only the form knows (required inputs, rules
 * between inputs). Each problem lands on the declared field it concerns (validate.ts).
 */
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';
import { valueAt } from '../table/cell';
import type { EditorContext, EditorTab, Values } from './types';
import { type Issue, type Problem, validateEditor } from './validate';

export interface ResolverSource<V extends Values> {
  tabs: EditorTab<V>[];
  ctx: Omit<EditorContext<V>, 'values'>;
  schema?: z.ZodType;
  toBody?: (values: V, ctx: EditorContext<V>) => unknown;
}

/** The leaves of react-hook-form's nested errors, as dotted paths. */
function errorLeaves(node: unknown, prefix = ''): Issue[] {
  if (!node || typeof node !== 'object') return [];
  const out: Issue[] = [];
  const error = node as Partial<FieldError>;
  if (typeof error.message === 'string' && typeof error.type === 'string')
    out.push({ path: prefix, message: error.message });
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'types' || key === 'message' || key === 'type' || key === 'root') continue;
    out.push(...errorLeaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/**
 * A schema issue inside a list field (one of several emails) names the entry, as the field shows
 * the list whole.
 */
function withEntry(issue: Issue, body: unknown): Issue {
  const value = valueAt(body, issue.path);
  const inList = /\.\d+$/.test(issue.path) && typeof value === 'string' && value !== '';
  return inList ? { ...issue, message: `${issue.message}: ${value}` } : issue;
}

async function schemaIssues<V extends Values>(
  source: ResolverSource<V>,
  values: V,
  options: ResolverOptions<V>,
): Promise<Issue[]> {
  if (!source.schema) return [];
  const ctx = { ...source.ctx, values } as EditorContext<V>;
  let body: unknown;
  try {
    body = source.toBody ? source.toBody(values, ctx) : values;
  } catch {
    // A body that cannot be built yet (an input still empty) is the declarations' to report.
    return [];
  }
  const resolve = zodResolver(source.schema as z.ZodType<unknown, Values>, undefined, { raw: true });
  const result = await resolve(body as Values, undefined, {
    ...options,
    fields: {},
    names: undefined,
    shouldUseNativeValidation: false,
  } as ResolverOptions<Values>);
  return errorLeaves(result.errors).map((issue) => withEntry(issue, body));
}

/** Problems as react-hook-form errors, each on its field's path. */
function problemErrors<V extends Values>(problems: Problem[], options: ResolverOptions<V>): FieldErrors<V> {
  const flat: Record<string, FieldError> = {};
  for (const p of problems)
    if (p.path && !flat[p.path]) flat[p.path] = { type: 'validate', message: p.fieldMessage };
  return toNestErrors(flat, options as ResolverOptions<Values>) as FieldErrors<V>;
}

/** `onProblems` hears every run's problems, in order, for the error bar and the tab to show. */
export function editorResolver<V extends Values>(
  source: () => ResolverSource<V>,
  onProblems: (problems: Problem[]) => void,
): Resolver<V> {
  return async (values, _context, options) => {
    const current = source();
    const issues = await schemaIssues(current, values, options);
    const problems = validateEditor(current.tabs, { ...current.ctx, values } as EditorContext<V>, issues);
    onProblems(problems);
    if (!problems.length) return { values, errors: {} };
    return { values: {}, errors: problemErrors(problems, options) };
  };
}
