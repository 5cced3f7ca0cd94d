/**
 * Exception detail: the time and, by type, the message, its state (New, Acknowledged, Resolved)
 * and timeline; an alert about a thing (zone time, missing) shows the thing's events over the
 * alert's period, a reader's alert (offline, antenna) shows the reader, the others the things
 * concerned. Users who may modify exceptions acknowledge it (someone is on it) or resolve it, which
 * takes it off the open lists (Alerts, Home), each with an optional note. A missing exception (or
 * one of a site the user cannot see) is the console's not-found state with the way back to Alerts.
 */
import DoneRounded from '@mui/icons-material/DoneRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, type ExceptionDetail } from '@sightline/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useRecord } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { PageHeader } from '../../components';
import { LoadFailure } from '../../components/editor/LoadFailure';
import { formatDateTime, formatDuration, formatSiteDateTime } from '../../components/format';
import { useSitePath } from '../../navigation/site-links';
import { StateChip } from './AlertRow';
import { AlertTimeline } from './AlertTimeline';
import { ExceptionEndpoint } from './ExceptionEndpoint';
import { ExceptionEvents } from './ExceptionEvents';
import { ExceptionThings } from './ExceptionThings';
import {
  ExceptionIcon,
  exceptionSubject,
  thingPath,
  useAlertMessage,
  useSiteTimezone,
} from './exception-text';
import { ALERT_LABELS } from './field-labels';
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

const aboutReader = (type: ExceptionDetail['type']) =>
  type === 'endpointOffline' || type === 'antennaDisconnected';

function Summary({ e }: { e: ExceptionDetail }) {
  const toPath = useSitePath();
  const subject = exceptionSubject(e);
  const message = useAlertMessage(e);
  const timezoneId = useSiteTimezone(e.site);
  // A reader's last heartbeat is the time its message names: both on the site's clock.
  const stayStart = aboutReader(e.type)
    ? formatSiteDateTime(e.stayStart, timezoneId)
    : formatDateTime(e.stayStart);
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
            {message}
          </Typography>
          <Box
            sx={{
              mt: 2.5,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Fact label={ALERT_LABELS.time}>{formatDateTime(e.time)}</Fact>
            <Fact label={ALERT_LABELS.zoneName}>{e.zoneName ?? '—'}</Fact>
            {e.expectedZone !== null && (
              <Fact label={ALERT_LABELS.expectedZoneName}>{e.expectedZoneName ?? '—'}</Fact>
            )}
            {e.type === 'zoneTimeException' && (
              <Fact label={ALERT_LABELS.timeDuration}>{formatDuration(e.timeDuration)}</Fact>
            )}
            {e.endpoint !== null && (
              <Fact label={ALERT_LABELS.endpointName}>{e.endpointName ?? e.endpoint}</Fact>
            )}
            {e.type === 'antennaDisconnected' && <Fact label={ALERT_LABELS.antenna}>{e.antenna ?? '—'}</Fact>}
            {e.stayStart && <Fact label={stayStartLabel(e.type)}>{stayStart}</Fact>}
            <Fact label={ALERT_LABELS.state}>
              <StateChip state={e.state} />
            </Fact>
          </Box>
        </Box>
      </Stack>
    </Paper>
  );
}

/** What the alert concerns: the thing's events, the reader, or the things of an inventory count. */
function Concerned({ e }: { e: ExceptionDetail }) {
  if (aboutReader(e.type)) return <ExceptionEndpoint exception={e} />;
  if (e.type === 'zoneTimeException' || (e.type === 'thingMissing' && e.thing !== null))
    return <ExceptionEvents exception={e} />;
  return <ExceptionThings things={e.things} />;
}

export default function ExceptionDetailPage() {
  const { id } = useParams();
  const session = useSession();
  const detail = useRecord<ExceptionDetail>('exceptions', id);
  const act = useAlertActions();
  const e = detail.data;
  const canAct = e !== undefined && e.state !== 'resolved' && session.can('exceptions', 'modify');

  if (detail.error)
    return (
      <LoadFailure
        error={detail.error}
        entityName="alert"
        listPath="alerts"
        listLabel="Back to Alerts"
        onRetry={() => void detail.refetch()}
      />
    );
  return (
    <>
      <PageHeader
        title={e ? `${EXCEPTION_TYPE_LABELS[e.type]} alert` : 'Alert'}
        subtitle={e ? formatDateTime(e.time) : ' '}
        backTo="alerts"
        actions={
          canAct && (
            <Stack direction="row" spacing={1}>
              {e.state === 'open' && (
                <Button
                  variant="outlined"
                  startIcon={<DoneRounded />}
                  onClick={() => act.ask('acknowledge', [e])}
                >
                  Acknowledge
                </Button>
              )}
              <Button
                variant="contained"
                startIcon={<TaskAltRounded />}
                onClick={() => act.ask('resolve', [e])}
              >
                Resolve
              </Button>
            </Stack>
          )
        }
      />
      {!e ? (
        <Stack spacing={2.5}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Summary e={e} />
          <AlertTimeline alert={e} />
          <Concerned e={e} />
        </Stack>
      )}
      {act.dialog}
    </>
  );
}
