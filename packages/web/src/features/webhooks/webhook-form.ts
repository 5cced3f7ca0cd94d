/**
 * The webhook editor's form values and the API body built from them (the shared `Webhook`). The
 * body's rules (a custom string value for customString, filter regexes that compile in RE2, unique
 * remote field names) are the shared `WebhookInput`'s; the header rows are checked here with the
 * shared header rules, since the body holds the headers as one object rather than rows.
 */
import {
  isFilterable,
  isHeaderName,
  isHeaderValue,
  loadFilterRegexEngine,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  WEBHOOK_LOCAL_FIELDS,
  WEBHOOK_MSG,
  type Webhook,
  type WebhookFieldInput,
  type WebhookInputRaw,
} from '@sightline/shared';
import * as re2 from 're2js';

// The editor checks filter regexes (through `WebhookInput`) with the server's engine; only this
// screen loads it.
loadFilterRegexEngine(re2);

export interface HeaderRow {
  name: string;
  value: string;
}
export interface FieldRow {
  localField: string;
  remoteFieldName: string;
  stringValue: string;
  invertFilters: boolean;
  filterPrefix: string;
  filterSuffix: string;
  filterRegex: string;
  filterValidValues: string[];
}
export interface WebhookForm {
  id?: string;
  event: string;
  format: string;
  targetUrl: string;
  headerRows: HeaderRow[];
  fields: FieldRow[];
}

export const webhookDefaults: WebhookForm = {
  event: 'seen',
  format: 'json',
  targetUrl: '',
  headerRows: [],
  fields: [],
};

export const EVENT_OPTIONS = WEBHOOK_EVENTS.map((e) => ({ value: e, label: e }));
const FORMAT_LABELS: Record<(typeof WEBHOOK_FORMATS)[number], string> = {
  json: 'json',
  epcis: 'EPCIS 2.0 (JSON-LD)',
};
export const FORMAT_OPTIONS = WEBHOOK_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] }));
export const LOCAL_FIELD_OPTIONS = WEBHOOK_LOCAL_FIELDS.map((f) => ({ value: f, label: f }));

export const newHeader = (): HeaderRow => ({ name: '', value: '' });
export const newField = (): FieldRow => ({
  localField: 'name',
  remoteFieldName: '',
  stringValue: '',
  invertFilters: false,
  filterPrefix: '',
  filterSuffix: '',
  filterRegex: '',
  filterValidValues: [],
});

export function fromRecord(record: Webhook): WebhookForm {
  return {
    id: record.id,
    event: record.event,
    format: record.format,
    targetUrl: record.targetUrl,
    headerRows: Object.entries(record.requestHeaders).map(([name, value]) => ({ name, value })),
    fields: record.fields.map((f) => ({ ...newField(), ...f })),
  };
}

/** Header names are HTTP tokens; values printable ASCII (the server's own rules). */
export const headerNameRule = (value: unknown) =>
  isHeaderName(String(value ?? '')) ? undefined : WEBHOOK_MSG.headerNameInvalid;
export const headerValueRule = (value: unknown) =>
  isHeaderValue(String(value ?? '')) ? undefined : WEBHOOK_MSG.headerValueInvalid;

export function webhookBody(v: WebhookForm): WebhookInputRaw {
  const requestHeaders: Record<string, string> = {};
  for (const h of v.headerRows) {
    if (h.name.trim()) requestHeaders[h.name.trim()] = h.value;
  }
  return {
    event: v.event as WebhookInputRaw['event'],
    format: v.format as WebhookInputRaw['format'],
    targetUrl: v.targetUrl.trim(),
    requestHeaders,
    fields: v.fields.map((f): WebhookFieldInput => {
      const row: WebhookFieldInput = {
        localField: f.localField as WebhookFieldInput['localField'],
        remoteFieldName: f.remoteFieldName.trim(),
        stringValue: f.localField === 'customString' ? f.stringValue : '',
      };
      // Filters only for tags, categoryNames and labels (isFilterable).
      if (!isFilterable(f.localField)) return row;
      return {
        ...row,
        invertFilters: f.invertFilters,
        filterPrefix: f.filterPrefix,
        filterSuffix: f.filterSuffix,
        filterRegex: f.filterRegex,
        filterValidValues: f.filterValidValues,
      };
    }),
  };
}
