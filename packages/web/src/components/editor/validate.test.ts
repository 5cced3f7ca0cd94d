import { MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { serverIssues } from '../../api/field-errors';
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

describe('editor validation without tabs', () => {
  const single: EditorTab[] = [
    {
      label: 'Profile',
      fields: [
        { type: 'text', name: 'name', label: 'Name', required: true },
        {
          type: 'text',
          name: 'currentPassword',
          label: 'Current Password',
          validate: (v) => (v ? undefined : 'Enter your current password'),
        },
      ],
    },
    { label: 'Hidden', hidden: () => true, fields: [] },
  ];

  it('names no tab when only one is shown: the fixed fill-out text, or the field and its message', () => {
    const problems = validateEditor(single, ctx({ name: '', currentPassword: '' }));
    expect(problems.map((p) => p.message)).toEqual([
      MSG.fillRequired,
      'Current Password: Enter your current password',
    ]);
    expect(problems.map((p) => p.fieldMessage)).toEqual(['Required', 'Enter your current password']);
    expect(problems.every((p) => !p.message.includes('tab'))).toBe(true);
  });

  it('puts a server field error on its field, under the deepest declared path', () => {
    const problems = validateEditor(single, ctx({ name: 'Ann', currentPassword: 'x' }), [
      { path: 'currentPassword', message: 'Current password is incorrect' },
      { path: 'site', message: 'unknown site' },
    ]);
    expect(problems).toEqual([
      {
        path: 'currentPassword',
        tabIndex: 0,
        message: 'Current Password: Current password is incorrect',
        fieldMessage: 'Current password is incorrect',
      },
      { path: 'site', tabIndex: 0, message: 'site: unknown site', fieldMessage: 'unknown site' },
    ]);
  });

  it('reads the server field errors of a 400, with or without the body prefix', () => {
    const error = new ApiError(400, 'Bad Request', 'x', {
      message: 'x',
      errors: [
        { path: 'body.name', message: 'Name is required' },
        { path: 'currentPassword', message: 'Current password is incorrect' },
      ],
    });
    expect(serverIssues(error)).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    expect(serverIssues(new ApiError(500, 'Internal Server Error', 'x', {}))).toEqual([]);
  });
});
