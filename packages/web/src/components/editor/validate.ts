/**
 * The generic editor's save-time checks: empty required fields and custom rules, in
 * tab order. Pure: the editor shows the first problem in the error bar and each one on its field.
 */
import { MSG } from '@sightline/shared';
import { valueAt } from '../table/cell';
import type { EditorContext, EditorField, EditorTab, Values } from './types';

export interface Problem {
  path: string;
  tabIndex: number;
  /** For the error bar. */
  message: string;
  /** For the field's helper text. */
  fieldMessage: string;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isFieldActive<V extends Values>(field: EditorField<V>, ctx: EditorContext<V>): boolean {
  if (field.hidden?.(ctx)) return false;
  const disabled = typeof field.disabled === 'function' ? field.disabled(ctx) : field.disabled;
  return !disabled;
}

function requiredHint(field: EditorField<Values>): string {
  if (field.type === 'select') return MSG.selectItem;
  if (field.type === 'combobox' && field.multiple) return MSG.selectAtLeastOne;
  return 'Required';
}

function checkField<V extends Values>(
  field: EditorField<V>,
  path: string,
  tab: EditorTab<V>,
  tabIndex: number,
  ctx: EditorContext<V>,
  problems: Problem[],
) {
  if (!isFieldActive(field, ctx)) return;
  if (field.type === 'expansion') {
    for (const inner of field.fields) checkField(inner, inner.name, tab, tabIndex, ctx, problems);
    return;
  }
  const value = valueAt(ctx.values, path);
  if (field.required && isEmptyValue(value)) {
    const fieldMessage = requiredHint(field as EditorField<Values>);
    problems.push({ path, tabIndex, message: MSG.requiredField(field.label, tab.label), fieldMessage });
    return;
  }
  const rule = field.validate?.(value, ctx.values);
  if (rule)
    problems.push({
      path,
      tabIndex,
      message: MSG.customRule(field.label, tab.label, rule),
      fieldMessage: rule,
    });
  if (field.type === 'sublist' && Array.isArray(value)) {
    value.forEach((item, i) => {
      const itemCtx = { ...ctx, values: item as Values } as EditorContext<Values>;
      for (const inner of field.fields) {
        const innerProblems: Problem[] = [];
        checkField(inner, inner.name, tab as EditorTab<Values>, tabIndex, itemCtx, innerProblems);
        for (const p of innerProblems) problems.push({ ...p, path: `${path}.${i}.${p.path}` });
      }
    });
  }
}

export function validateEditor<V extends Values>(tabs: EditorTab<V>[], ctx: EditorContext<V>): Problem[] {
  const problems: Problem[] = [];
  tabs.forEach((tab, tabIndex) => {
    if (tab.hidden?.(ctx)) return;
    for (const field of tab.fields ?? []) checkField(field, field.name, tab, tabIndex, ctx, problems);
  });
  return problems;
}

/**
 * Numbers are parsed as decimals (a comma counts as the decimal point); an empty or unreadable
 * entry is no number.
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || trimmed === '-' || trimmed === '.') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}
