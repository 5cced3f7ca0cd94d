/** The webhook's last deliveries (docs/decisions/0031-webhooks.md) with a 'Send test' button. */
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { formatDateTime, type WebhookDelivery } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '../../api/client';
import { useNotify } from '../../components';
import type { EditorTabProps } from '../../components/editor/types';
import { DataTable } from '../../components/table/DataTable';
import type { Column } from '../../components/table/types';
import { webhookKeys } from './keys';
import type { WebhookForm } from './webhook-form';

// Icons carry the colour; the label stays dark text (contrast).
const STATE_ICON = {
  delivered: <CheckCircleOutlineRounded color="success" />,
  failed: <ErrorOutlineRounded color="error" />,
  pending: <ScheduleRounded color="warning" />,
};

const COLUMNS: Column<WebhookDelivery>[] = [
  { field: 'time', label: 'Time', render: (d) => formatDateTime(d.time) },
  { field: 'event', label: 'Event' },
  {
    field: 'state',
    label: 'Status',
    render: (d) => (
      <Stack direction="row" spacing={1} alignItems="center">
        <Chip size="small" label={d.state} icon={STATE_ICON[d.state]} variant="outlined" />
        <span>{d.status ?? d.error ?? ''}</span>
      </Stack>
    ),
  },
  {
    field: 'latencyMs',
    label: 'Latency',
    align: 'right',
    render: (d) => (d.latencyMs === null ? '' : `${d.latencyMs} ms`),
  },
  { field: 'attempt', label: 'Attempt', align: 'right' },
  {
    field: 'responseExcerpt',
    label: 'Response',
    render: (d) => d.responseExcerpt ?? '',
    hideBelow: 'sm',
    sx: { maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  },
];

export function DeliveryLog({ ctx }: EditorTabProps<WebhookForm>) {
  const id = ctx.record?.id;
  const notify = useNotify();
  const client = useQueryClient();
  const key = webhookKeys.deliveries(id);
  const log = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>(`webhooks/${id}/deliveries`, { limit: 50 }, signal),
    enabled: Boolean(id),
    refetchInterval: 5000,
  });
  const test = useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`webhooks/${id}/test`),
    onSuccess: (d) => {
      if (d.state === 'delivered') notify.success(`Test delivered: ${d.status}`);
      else notify.error(`Test failed: ${d.error ?? d.status}`);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notify.error(`Test failed: ${errorText(e)}`),
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" alignItems="center" spacing={2}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          Delivery log
        </Typography>
        <Button
          variant="outlined"
          startIcon={<SendRounded />}
          disabled={!id || test.isPending || ctx.readOnly}
          onClick={() => test.mutate()}
        >
          Send test
        </Button>
      </Stack>
      <DataTable<WebhookDelivery>
        label="Delivery log"
        columns={COLUMNS}
        rows={log.data}
        rowKey={(d) => d.id}
        fetching={log.isFetching}
        error={log.error}
        onRetry={() => log.refetch()}
        empty={{
          icon: <SendRounded />,
          title: 'No deliveries yet',
          description: 'Changes this webhook listens for, and tests, appear here.',
        }}
      />
    </Stack>
  );
}
