import { MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { EditorContext, EditorTab } from './types';
import { isEmptyValue, parseDecimal, validateEditor } from './validate';

const ctx = (values: Record<string, unknown>): EditorContext => ({
  values,
  record: undefined,
  isNew: true,
  readOnly: false,
});

const tabs: EditorTab[] = [
  {
    label: 'Basic',
    fields: [
      { type: 'text', name: 'name', label: 'Name', required: true },
      { type: 'select', name: 'kind', label: 'Kind', required: true, options: [{ value: 'a', label: 'A' }] },
      { type: 'combobox', name: 'roles', label: 'Roles', required: true, multiple: true, options: [] },
      { type: 'text', name: 'secret', label: 'Secret', required: true, hidden: (c) => !c.values.showSecret },
    ],
  },
  {
    label: 'Reports',
    fields: [
      {
        type: 'text',
        name: 'settings.email',
        label: 'Email',
        validate: (v) => (typeof v === 'string' && !v.includes('@') ? MSG.invalidEmail : undefined),
      },
      {
        type: 'sublist',
        name: 'gates',
        label: 'Gates',
        newItem: () => ({}),
        fields: [{ type: 'select', name: 'endpoint', label: 'Endpoint', required: true, options: [] }],
      },
    ],
  },
];

describe('editor validation', () => {
  it('reports empty required fields with the fixed required-field message, in tab order', () => {
    const problems = validateEditor(tabs, ctx({ name: ' ', kind: '', roles: [], settings: { email: 'x' } }));
    expect(problems.map((p) => p.message)).toEqual([
      MSG.requiredField('Name', 'Basic'),
      MSG.requiredField('Kind', 'Basic'),
      MSG.requiredField('Roles', 'Basic'),
      MSG.customRule('Email', 'Reports', MSG.invalidEmail),
    ]);
    expect(problems[1]?.fieldMessage).toBe(MSG.selectItem);
    expect(problems[2]?.fieldMessage).toBe(MSG.selectAtLeastOne);
    expect(problems[3]?.tabIndex).toBe(1);
  });

  it('skips hidden fields and checks sub-list rows', () => {
    const problems = validateEditor(
      tabs,
      ctx({ name: 'n', kind: 'a', roles: ['r'], gates: [{ endpoint: 'e' }, {}] }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('gates.1.endpoint');
    expect(problems[0]?.message).toBe(MSG.requiredField('Endpoint', 'Reports'));
  });

  it('treats false and 0 as values', () => {
    expect(isEmptyValue(false)).toBe(false);
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue([])).toBe(true);
  });
});

describe('parseDecimal', () => {
  it('parses decimals, not integers', () => {
    expect(parseDecimal('1.25')).toBe(1.25);
    expect(parseDecimal('0,5')).toBe(0.5);
    expect(parseDecimal(' 12 ')).toBe(12);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
  });
});
