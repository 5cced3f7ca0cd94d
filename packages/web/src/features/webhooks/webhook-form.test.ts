import { WEBHOOK_MSG, WebhookInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { EditorTab } from '../../components';
import { editorResolver } from '../../components/editor/resolver';
import type { Problem } from '../../components/editor/validate';
import {
  FORMAT_OPTIONS,
  fromRecord,
  headerNameRule,
  headerValueRule,
  newField,
  type WebhookForm,
  webhookBody,
  webhookDefaults,
} from './webhook-form';

/** The webhook editor's declarations that matter to validation (WebhookEdit.tsx). */
const tabs: EditorTab<WebhookForm>[] = [
  {
    label: 'Basic',
    fields: [
      { type: 'select', name: 'format', label: 'Format', required: true, options: FORMAT_OPTIONS },
      { type: 'text', name: 'targetUrl', label: 'Target URL', required: true },
    ],
  },
  {
    label: 'Fields',
    fields: [
      {
        type: 'sublist',
        name: 'fields',
        label: 'Fields',
        newItem: newField,
        fields: [
          { type: 'text', name: 'remoteFieldName', label: 'Remote Field Name', required: true },
          {
            type: 'text',
            name: 'stringValue',
            label: 'Custom String Value',
            hidden: (ctx) => ctx.values.localField !== 'customString',
          },
          { type: 'text', name: 'filterRegex', label: 'Filter Regex' },
        ],
      },
    ],
  },
];

/** What the editor reports for `values`, checked with the shared schema as WebhookEdit does. */
async function problemsOf(values: Partial<WebhookForm>): Promise<Problem[]> {
  let problems: Problem[] = [];
  const resolve = editorResolver<WebhookForm>(
    () => ({
      tabs,
      ctx: { record: undefined, isNew: true, readOnly: false },
      schema: WebhookInput,
      toBody: (v) => webhookBody(v),
    }),
    (found) => {
      problems = found;
    },
  );
  await resolve({ ...webhookDefaults, targetUrl: 'https://x.example/h', ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return problems;
}

describe('webhook form', () => {
  it("builds a body the server's schema accepts, dropping filters of non-list fields", () => {
    const body = webhookBody({
      ...webhookDefaults,
      event: 'zoneChange',
      targetUrl: ' https://hooks.example.com/in ',
      headerRows: [
        { name: 'Authorization', value: 'Bearer x' },
        { name: ' ', value: 'ignored' },
      ],
      fields: [
        { ...newField(), localField: 'name', remoteFieldName: 'n', filterPrefix: 'stale' },
        {
          ...newField(),
          localField: 'tags',
          remoteFieldName: 'epc',
          filterPrefix: 'E280',
          invertFilters: true,
        },
        { ...newField(), localField: 'customString', remoteFieldName: 'src', stringValue: 'sl' },
      ],
    });
    const parsed = WebhookInput.parse(body);
    expect(parsed.targetUrl).toBe('https://hooks.example.com/in');
    expect(parsed.requestHeaders).toEqual({ Authorization: 'Bearer x' });
    expect(parsed.fields[0]?.filterPrefix).toBe('');
    expect(parsed.fields[1]).toMatchObject({ filterPrefix: 'E280', invertFilters: true });
    expect(parsed.fields[2]?.stringValue).toBe('sl');
  });

  it('round-trips a record and asks for the custom string value', async () => {
    const form = fromRecord({
      id: 'a'.repeat(24),
      event: 'seen',
      format: 'json',
      targetUrl: 'https://x.example/h',
      requestHeaders: { 'X-A': '1' },
      fields: [],
      timeCreated: '2026-01-01T00:00:00Z',
    });
    expect(form.headerRows).toEqual([{ name: 'X-A', value: '1' }]);
    const asked = await problemsOf({
      fields: [{ ...newField(), localField: 'customString', remoteFieldName: 'src' }],
    });
    expect(asked).toEqual([
      expect.objectContaining({
        path: 'fields.0.stringValue',
        message: `Custom String Value in the Fields tab: ${WEBHOOK_MSG.stringValueRequired}`,
      }),
    ]);
    expect(
      await problemsOf({ fields: [{ ...newField(), localField: 'name', remoteFieldName: 'n' }] }),
    ).toEqual([]);
  });

  it('sends the EPCIS format, which only the sightings (seen, zoneChange) may use', async () => {
    expect(FORMAT_OPTIONS.map((o) => o.value)).toEqual(['json', 'epcis']);
    const body = webhookBody({ ...webhookDefaults, targetUrl: 'https://x.example/h', format: 'epcis' });
    expect(WebhookInput.parse(body).format).toBe('epcis');
    expect(await problemsOf({ format: 'epcis', event: 'zoneChange' })).toEqual([]);
    expect(await problemsOf({ format: 'epcis', event: 'created' })).toEqual([
      expect.objectContaining({
        path: 'format',
        message: `Format in the Basic tab: ${WEBHOOK_MSG.epcisEvents}`,
      }),
    ]);
  });

  it.each(['^E280[0-9A-F]{20}$', '^(a|a)*$', '(a)\\1', '(?=E280)\\w+', '[\\p{L}\\p{N}]{300}', '('])(
    'checks the filter regex %s exactly as the server does',
    async (filterRegex) => {
      const body = webhookBody({
        ...webhookDefaults,
        targetUrl: 'https://x.example/h',
        fields: [{ ...newField(), localField: 'tags', remoteFieldName: 'epc', filterRegex }],
      });
      const server = WebhookInput.safeParse(body);
      const fields = [{ ...newField(), localField: 'tags', remoteFieldName: 'epc', filterRegex }];
      const editor = (await problemsOf({ fields })).map((p) => p.fieldMessage);
      expect(editor.length === 0).toBe(server.success);
      if (!server.success) expect(server.error.issues.map((i) => i.message)).toEqual(editor);
    },
  );

  it.each([
    ['X-Team', 'ops'],
    ['X-Team', 'caf\u00e9'],
    ['X-Team', 'ok \u2713'],
    ['X-Team', 'a\tb'],
    ['X Team', 'ops'],
    ['X-\u00c4', 'ops'],
  ])('checks the header %s: %s exactly as the server does', (name, value) => {
    const body = webhookBody({
      ...webhookDefaults,
      targetUrl: 'https://x.example/h',
      headerRows: [{ name, value }],
    });
    const server = WebhookInput.safeParse(body);
    const messages = [headerNameRule(name), headerValueRule(value)].filter(Boolean);
    expect(messages.length === 0).toBe(server.success);
    if (!server.success) expect(server.error.issues.map((i) => i.message)).toEqual(messages);
  });
});
