import { WebhookInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  filterRegexRule,
  fromRecord,
  headerNameRule,
  headerValueRule,
  newField,
  stringValueRule,
  webhookBody,
  webhookDefaults,
} from './webhook-form';

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

  it('round-trips a record and asks for the custom string value', () => {
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
    expect(stringValueRule('', { localField: 'customString' })).toBeTruthy();
    expect(stringValueRule('', { localField: 'name' })).toBeUndefined();
  });

  it.each(['^E280[0-9A-F]{20}$', '^(a|a)*$', '(a)\\1', '(?=E280)\\w+', '[\\p{L}\\p{N}]{300}', '('])(
    'checks the filter regex %s exactly as the server does',
    (filterRegex) => {
      const body = webhookBody({
        ...webhookDefaults,
        targetUrl: 'https://x.example/h',
        fields: [{ ...newField(), localField: 'tags', remoteFieldName: 'epc', filterRegex }],
      });
      const server = WebhookInput.safeParse(body);
      const message = filterRegexRule(filterRegex);
      expect(message === undefined).toBe(server.success);
      if (!server.success) expect(server.error.issues.map((i) => i.message)).toEqual([message]);
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
