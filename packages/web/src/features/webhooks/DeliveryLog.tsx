/** The webhook's last deliveries (DESIGN §10) with a 'Send test' button. */
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import {
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime, type WebhookDelivery } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '../../api/client';
import { useNotify } from '../../components';
import type { EditorTabProps } from '../../components/editor/types';
import type { WebhookForm } from './webhook-form';

// Icons carry the colour; the label stays dark text (contrast).
const STATE_ICON = {
  delivered: <CheckCircleOutlineRounded color="success" />,
  failed: <ErrorOutlineRounded color="error" />,
  pending: <ScheduleRounded color="warning" />,
};

export function DeliveryLog({ ctx }: EditorTabProps<WebhookForm>) {
  const id = ctx.record?.id;
  const notify = useNotify();
  const client = useQueryClient();
  const key = ['webhooks', id, 'deliveries'];
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
  const rows = log.data ?? [];
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
      <TableContainer>
        <Table size="small" aria-label="Delivery log">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Latency</TableCell>
              <TableCell align="right">Attempt</TableCell>
              <TableCell>Response</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography variant="body2" color="text.secondary">
                    {log.isPending ? 'Loading…' : 'No deliveries yet.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell>{formatDateTime(d.time)}</TableCell>
                <TableCell>{d.event}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} alignItems="center">
                    <Chip size="small" label={d.state} icon={STATE_ICON[d.state]} variant="outlined" />
                    <span>{d.status ?? d.error ?? ''}</span>
                  </Stack>
                </TableCell>
                <TableCell align="right">{d.latencyMs === null ? '' : `${d.latencyMs} ms`}</TableCell>
                <TableCell align="right">{d.attempt}</TableCell>
                <TableCell
                  sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {d.responseExcerpt ?? ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
