/**
 * Exception detail: the time and, by type, the message, its state (Open, Acknowledged, Resolved)
 * and timeline; a zone time exception shows the thing's events, the others the things concerned.
 * Users who may modify exceptions acknowledge it (someone is on it) or resolve it, which takes it
 * off the open lists (Alerts, Home), each with an optional note.
 */
import DoneRounded from '@mui/icons-material/DoneRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, type ExceptionDetail } from '@sightline/shared';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText, isRetryable } from '../../api/client';
import { useRecord } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { EmptyState, PageHeader } from '../../components';
import { formatDateTime, formatDuration } from '../../components/format';
import { useSitePath } from '../../navigation/site-links';
import { AlertNoteDialog, type AlertNoteRequest } from './AlertNoteDialog';
import { StateChip } from './AlertRow';
import { AlertTimeline } from './AlertTimeline';
import { ExceptionEvents } from './ExceptionEvents';
import { ExceptionThings } from './ExceptionThings';
import { ExceptionIcon, exceptionSubject, thingPath } from './exception-text';
import { useAlertActions } from './useAlertActions';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** What `stayStart` means for the type: the stay's start, the last sighting, the last heartbeat. */
function stayStartLabel(type: ExceptionDetail['type']) {
  if (type === 'thingMissing') return 'Last Seen';
  if (type === 'endpointOffline') return 'Last Heard From';
  return 'Zone Entry Time';
}

function Summary({ e }: { e: ExceptionDetail }) {
  const toPath = useSitePath();
  const subject = exceptionSubject(e);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <Box sx={{ mt: 0.25, '& svg': { fontSize: 32 } }}>
          <ExceptionIcon type={e.type} expectedZone={e.expectedZone} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h3" component="p" data-testid="exception-message" sx={{ fontWeight: 600 }}>
            {subject && e.thing ? (
              <Link component={RouterLink} to={toPath(thingPath(e.thing, e.thingClass))}>
                {subject}
              </Link>
            ) : (
              subject
            )}
            {subject ? ' ' : ''}
            {e.message}
          </Typography>
          <Box
            sx={{
              mt: 2.5,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Fact label="Time">{formatDateTime(e.time)}</Fact>
            <Fact label="Zone">{e.zoneName ?? '—'}</Fact>
            {e.expectedZone !== null && <Fact label="Expected Zone">{e.expectedZoneName ?? '—'}</Fact>}
            {e.type === 'zoneTimeException' && (
              <Fact label="Alert Time">{formatDuration(e.timeDuration)}</Fact>
            )}
            {e.endpoint !== null && <Fact label="Endpoint">{e.endpointName ?? e.endpoint}</Fact>}
            {e.type === 'antennaDisconnected' && <Fact label="Antenna">{e.antenna ?? '—'}</Fact>}
            {e.stayStart && <Fact label={stayStartLabel(e.type)}>{formatDateTime(e.stayStart)}</Fact>}
            <Fact label="Status">
              <StateChip state={e.state} />
            </Fact>
          </Box>
        </Box>
      </Stack>
    </Paper>
  );
}

export default function ExceptionDetailPage() {
  const { id } = useParams();
  const session = useSession();
  const detail = useRecord<ExceptionDetail>('exceptions', id);
  const [request, setRequest] = useState<AlertNoteRequest>();
  const act = useAlertActions(() => setRequest(undefined));
  const e = detail.data;
  const canAct = e !== undefined && e.state !== 'resolved' && session.can('exceptions', 'modify');
  const ask = (action: AlertNoteRequest['action']) => e && setRequest({ action, ids: [e._id] });

  return (
    <>
      <PageHeader
        title={e ? `${EXCEPTION_TYPE_LABELS[e.type]} exception` : 'Exception'}
        subtitle={e ? formatDateTime(e.time) : ' '}
        backTo="alerts"
        actions={
          canAct && (
            <Stack direction="row" spacing={1}>
              {e.state === 'open' && (
                <Button variant="outlined" startIcon={<DoneRounded />} onClick={() => ask('acknowledge')}>
                  Acknowledge
                </Button>
              )}
              <Button variant="contained" startIcon={<TaskAltRounded />} onClick={() => ask('resolve')}>
                Resolve
              </Button>
            </Stack>
          )
        }
      />
      {detail.error ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<ErrorOutlineRounded />}
            tone="error"
            title="Could not load this exception"
            description={errorText(detail.error)}
            action={
              isRetryable(detail.error) && <Button onClick={() => void detail.refetch()}>Try again</Button>
            }
          />
        </Paper>
      ) : !e ? (
        <Stack spacing={2.5}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Summary e={e} />
          <AlertTimeline alert={e} />
          {e.type === 'zoneTimeException' ? (
            <ExceptionEvents exception={e} />
          ) : (
            <ExceptionThings things={e.things} />
          )}
        </Stack>
      )}
      <AlertNoteDialog
        request={request}
        busy={act.isPending}
        onClose={() => setRequest(undefined)}
        onConfirm={(note) => request && act.mutate({ ...request, note })}
      />
    </>
  );
}
