/** The webhooks of the organization: event, target URL, headers and mapped fields. */
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type { Webhook } from '@sightline/shared';
import { ResourceList } from '../../components';

export default function WebhooksList() {
  return (
    <ResourceList<Webhook>
      resource="webhooks"
      title="Webhooks"
      entityName="webhook"
      editPath="webhooks"
      addLabel="Add webhook"
      emptyIcon={<WebhookOutlined />}
      columns={[
        { field: 'event', label: 'Event', sortable: true, cardLabel: true },
        { field: 'targetUrl', label: 'Target URL', sortable: true },
        {
          field: 'fields',
          label: 'Fields',
          align: 'right',
          render: (w) => w.fields.length,
          hideBelow: 'sm',
        },
      ]}
    />
  );
}
