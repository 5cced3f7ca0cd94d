/**
 * The generic editor's save-time checks, in field order: empty required fields and custom rules of
 * the declarations, then the problems the shared input schema (or the server) reports, each put on
 * the declared field it concerns. Pure: the editor shows the first problem in the error bar and
 * each one on its field.
 *
 * The error bar names the tab only where there are tabs to name: with one visible tab (no tab bar)
 * an empty required field gives the fixed 'Please fill out all required fields', any other problem
 * '{field}: {message}'.
 */
import { MSG } from '@sightline/shared';
import { valueAt } from '../table/cell';
import type { EditorContext, EditorField, EditorTab, Values } from './types';

export interface Problem {
  path: string;
  /** Index among the visible tabs. */
  tabIndex: number;
  /** For the error bar. */
  message: string;
  /** For the field's helper text. */
  fieldMessage: string;
}

/** A problem found outside the declarations: a schema issue or a server field error, by body path. */
export interface Issue {
  path: string;
  message: string;
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

/** One active input of the form: a declared field at its concrete path (sub-list rows expanded). */
interface Slot {
  field: EditorField<Values>;
  path: string;
  tab: string;
  tabIndex: number;
  /** The values its rules see: the whole form, or its sub-list row. */
  scope: EditorContext<Values>;
}

function collectSlots(
  field: EditorField<Values>,
  path: string,
  tab: string,
  tabIndex: number,
  scope: EditorContext<Values>,
  slots: Slot[],
) {
  if (!isFieldActive(field, scope)) return;
  if (field.type === 'expansion') {
    for (const inner of field.fields) collectSlots(inner, inner.name, tab, tabIndex, scope, slots);
    return;
  }
  slots.push({ field, path, tab, tabIndex, scope });
  if (field.type !== 'sublist') return;
  const rows = valueAt(scope.values, field.name);
  if (!Array.isArray(rows)) return;
  rows.forEach((item, i) => {
    const itemScope = { ...scope, values: (item ?? {}) as Values };
    for (const inner of field.fields)
      collectSlots(inner, `${path}.${i}.${inner.name}`, tab, tabIndex, itemScope, slots);
  });
}

const isWithin = (issuePath: string, fieldPath: string) =>
  issuePath === fieldPath || issuePath.startsWith(`${fieldPath}.`);

/** The slot an issue belongs to: the deepest declared field whose path contains the issue's. */
function slotOf(slots: Slot[], issuePath: string): Slot | undefined {
  let best: Slot | undefined;
  for (const slot of slots)
    if (isWithin(issuePath, slot.path) && (!best || slot.path.length > best.path.length)) best = slot;
  return best;
}

export function validateEditor<V extends Values>(
  tabs: EditorTab<V>[],
  ctx: EditorContext<V>,
  issues: Issue[] = [],
): Problem[] {
  const base = ctx as unknown as EditorContext<Values>;
  const visible = (tabs as EditorTab<Values>[]).filter((tab) => !tab.hidden?.(base));
  const tabbed = visible.length > 1;
  const slots: Slot[] = [];
  visible.forEach((tab, tabIndex) => {
    for (const field of tab.fields ?? []) collectSlots(field, field.name, tab.label, tabIndex, base, slots);
  });

  const found = new Map<Slot, { fieldMessage: string; required: boolean }>();
  for (const slot of slots) {
    const { field, scope } = slot;
    const value = valueAt(scope.values, scope === base ? slot.path : field.name);
    if (field.required && isEmptyValue(value)) {
      found.set(slot, { fieldMessage: requiredHint(field), required: true });
      continue;
    }
    const rule = field.validate?.(value, scope.values);
    if (rule) found.set(slot, { fieldMessage: rule, required: false });
  }
  const unplaced: Issue[] = [];
  for (const issue of issues) {
    const slot = slotOf(slots, issue.path);
    if (!slot) unplaced.push(issue);
    else if (!found.has(slot)) found.set(slot, { fieldMessage: issue.message, required: false });
  }

  const problems: Problem[] = slots.flatMap((slot) => {
    const problem = found.get(slot);
    if (!problem) return [];
    const { label } = slot.field;
    const message = tabbed
      ? problem.required
        ? MSG.requiredField(label, slot.tab)
        : MSG.customRule(label, slot.tab, problem.fieldMessage)
      : problem.required
        ? MSG.fillRequired
        : `${label}: ${problem.fieldMessage}`;
    return [{ path: slot.path, tabIndex: slot.tabIndex, message, fieldMessage: problem.fieldMessage }];
  });
  for (const issue of unplaced) {
    const message = issue.path ? `${issue.path}: ${issue.message}` : issue.message;
    problems.push({ path: issue.path, tabIndex: 0, message, fieldMessage: issue.message });
  }
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
