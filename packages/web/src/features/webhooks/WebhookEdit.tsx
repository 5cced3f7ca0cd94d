/**
 * The webhook editor. Basic: event, format, target URL; Headers: name/value rows;
 * Fields: the mapping rows (custom string value only for customString, filters only for tags,
 * categoryNames and labels); Deliveries: the last deliveries and 'Send test'. The signing secret
 * is shown once after creation and after 'Rotate secret'. Save and delete return to the list.
 */
import KeyRounded from '@mui/icons-material/KeyRounded';
import { Button } from '@mui/material';
import { isFilterable, type Webhook, WebhookInput, type WebhookWithSecret } from '@sightline/shared';
import { useState } from 'react';
import { api, errorText } from '../../api/client';
import { type EditorTab, ResourceEditor, useNotify } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';
import { DeliveryLog } from './DeliveryLog';
import { WEBHOOK_LABELS } from './field-labels';
import { SecretDialog } from './SecretDialog';
import {
  EVENT_OPTIONS,
  FORMAT_OPTIONS,
  fromRecord,
  headerNameRule,
  headerValueRule,
  LOCAL_FIELD_OPTIONS,
  newField,
  newHeader,
  type WebhookForm,
  webhookBody,
  webhookDefaults,
} from './webhook-form';

const notFilterable = (ctx: { values: { localField?: string } }) =>
  !isFilterable(ctx.values.localField ?? '');

const TABS: EditorTab<WebhookForm>[] = [
  {
    label: 'Basic',
    fields: [
      { type: 'select', name: 'event', label: WEBHOOK_LABELS.event, required: true, options: EVENT_OPTIONS },
      {
        type: 'select',
        name: 'format',
        label: WEBHOOK_LABELS.format,
        required: true,
        options: FORMAT_OPTIONS,
        helperText:
          'json: the Fields mapping. EPCIS 2.0: an EPCISDocument of the sightings (seen, zoneChange); the mapping only filters.',
      },
      {
        type: 'text',
        name: 'targetUrl',
        label: WEBHOOK_LABELS.targetUrl,
        required: true,
        inputType: 'url',
        width: 'full',
        autoComplete: 'off',
        helperText:
          "An https address reachable from the internet; private and loopback addresses are refused, except this console's own demo receiver (/demo/webhook-receiver) while the demo runs.",
      },
    ],
  },
  {
    label: 'Headers',
    fields: [
      {
        type: 'sublist',
        name: 'headerRows',
        label: WEBHOOK_LABELS.requestHeaders,
        addLabel: 'Add header',
        newItem: newHeader,
        helperText: 'Sent with every delivery, e.g. Authorization.',
        fields: [
          { type: 'text', name: 'name', label: 'Name', required: true, validate: headerNameRule },
          { type: 'text', name: 'value', label: 'Value', validate: headerValueRule },
        ],
      },
    ],
  },
  {
    label: 'Fields',
    fields: [
      {
        type: 'sublist',
        name: 'fields',
        label: WEBHOOK_LABELS.fields,
        addLabel: 'Add field',
        newItem: newField,
        helperText:
          'Each row sends a local field under a remote name. Filters (tags, categoryNames, labels only) keep the values that pass; a thing with none is not sent.',
        fields: [
          {
            type: 'select',
            name: 'localField',
            label: 'Local Field',
            required: true,
            options: LOCAL_FIELD_OPTIONS,
          },
          { type: 'text', name: 'remoteFieldName', label: 'Remote Field Name', required: true },
          {
            type: 'text',
            name: 'stringValue',
            label: 'Custom String Value',
            hidden: (ctx) => ctx.values.localField !== 'customString',
          },
          { type: 'text', name: 'filterPrefix', label: 'Filter Prefix', hidden: notFilterable },
          { type: 'text', name: 'filterSuffix', label: 'Filter Suffix', hidden: notFilterable },
          {
            type: 'text',
            name: 'filterRegex',
            label: 'Filter Regex',
            hidden: notFilterable,
          },
          {
            type: 'combobox',
            name: 'filterValidValues',
            label: 'Valid Values',
            multiple: true,
            freeSolo: true,
            options: [],
            hidden: notFilterable,
          },
          { type: 'checkbox', name: 'invertFilters', label: 'Invert Filters', hidden: notFilterable },
        ],
      },
    ],
  },
  { label: 'Deliveries', component: DeliveryLog, hidden: (ctx) => ctx.isNew },
];

export default function WebhookEdit() {
  const navigate = useSiteNavigate();
  const notify = useNotify();
  const [secret, setSecret] = useState<{ title: string; secret: string; back: boolean }>();

  const rotate = async (id: string) => {
    try {
      const rotated = await api.post<WebhookWithSecret>(`webhooks/${id}/secret`);
      setSecret({ title: 'New signing secret', secret: rotated.secret, back: false });
    } catch (e) {
      notify.error(`Rotate failed: ${errorText(e)}`);
    }
  };

  return (
    <>
      <ResourceEditor<WebhookForm>
        resource="webhooks"
        entityName="webhook"
        title={(ctx) =>
          ctx.isNew ? 'New webhook' : `Webhook: ${ctx.values.event} → ${ctx.values.targetUrl}`
        }
        tabs={TABS}
        defaults={webhookDefaults}
        schema={WebhookInput}
        nameOf={(v) => `webhook ${v.targetUrl}`}
        fromRecord={(record) => fromRecord(record as unknown as Webhook)}
        toBody={(v) => webhookBody(v)}
        afterSave={(saved, _values) => {
          const created = saved as Partial<WebhookWithSecret>;
          if (created.secret) setSecret({ title: 'Webhook created', secret: created.secret, back: true });
          else navigate('webhooks');
        }}
        actions={(ctx) =>
          !ctx.isNew && ctx.canModify && ctx.record?.id ? (
            <Button startIcon={<KeyRounded />} onClick={() => rotate(String(ctx.record?.id))}>
              Rotate secret
            </Button>
          ) : null
        }
      />
      {secret && (
        <SecretDialog
          title={secret.title}
          secret={secret.secret}
          onClose={() => {
            setSecret(undefined);
            if (secret.back) navigate('webhooks');
          }}
        />
      )}
    </>
  );
}
