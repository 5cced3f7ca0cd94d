/**
 * The webhook's last deliveries (docs/decisions/0031-webhooks.md) with a 'Send test' button; each
 * delivery opens its attempts (the request sent, the answer) and a finished one can be redelivered.
 */
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { WebhookDelivery } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText } from '../../api/client';
import { useNotify } from '../../components';
import type { EditorTabProps } from '../../components/editor/types';
import { formatListDateTime } from '../../components/format';
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

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

function Block({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text || '—'}
      </Box>
    </Box>
  );
}

/** Every attempt of one delivery: when, the outcome, the request sent and the answer. */
function AttemptsDialog({ delivery, onClose }: { delivery: WebhookDelivery; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        Delivery {delivery.id}: {delivery.event}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={3}>
          {delivery.attempts.length === 0 && (
            <Typography>
              Not tried yet (attempt 0): it is queued behind this webhook's earlier deliveries.
            </Typography>
          )}
          {delivery.attempts.map((a) => (
            <Stack key={a.attempt} spacing={1}>
              <Typography variant="subtitle2" component="h3">
                Attempt {a.attempt} · {formatListDateTime(a.time)} ·{' '}
                {a.ok ? 'delivered' : (a.error ?? 'failed')} · {a.latencyMs} ms
              </Typography>
              <Block label="Request headers" text={headerLines(a.request.headers)} />
              <Block label="Request body" text={a.request.body} />
              {a.response ? (
                <>
                  <Block
                    label={`Response ${a.response.status} headers`}
                    text={headerLines(a.response.headers)}
                  />
                  <Block label="Response body (first bytes)" text={a.response.excerpt} />
                </>
              ) : (
                <Typography variant="body2">No response.</Typography>
              )}
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

const COLUMNS: Column<WebhookDelivery>[] = [
  { field: 'time', label: 'Time', render: (d) => formatListDateTime(d.time) },
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
  const [open, setOpen] = useState<WebhookDelivery | undefined>();
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
  const redeliver = useMutation({
    mutationFn: (d: WebhookDelivery) =>
      api.post<WebhookDelivery>(`webhooks/${id}/deliveries/${d.id}/redeliver`),
    onSuccess: (d) => {
      notify.success(`Queued again as delivery ${d.id}`);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notify.error(`Redeliver failed: ${errorText(e)}`),
  });
  const columns: Column<WebhookDelivery>[] = [
    ...COLUMNS,
    {
      field: 'actions',
      label: 'Actions',
      labelHidden: true,
      render: (d) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setOpen(d)}>
            Attempts ({d.attempts.length})
          </Button>
          <Button
            size="small"
            startIcon={<ReplayRounded />}
            disabled={d.state === 'pending' || ctx.readOnly || redeliver.isPending}
            onClick={() => redeliver.mutate(d)}
          >
            Redeliver
          </Button>
        </Stack>
      ),
    },
  ];
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
      {/* A standing explanation, not an announcement: a note, not an alert. */}
      <Alert severity="info" variant="outlined" role="note">
        <strong>pending</strong>: queued, or waiting for its next retry after a failed attempt (retries wait
        15 s, then twice as long each time up to 6 h, for 24 h). <strong>Attempt 0</strong>: not tried yet —
        deliveries go out one at a time, in order, behind the webhook's earlier ones. Open the attempts to see
        each request and answer; Redeliver queues a finished delivery again.
      </Alert>
      <DataTable<WebhookDelivery>
        label="Delivery log"
        columns={columns}
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
      {open && <AttemptsDialog delivery={open} onClose={() => setOpen(undefined)} />}
    </Stack>
  );
}
