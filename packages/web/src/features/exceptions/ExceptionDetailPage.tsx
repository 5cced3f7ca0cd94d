/**
 * Exception detail: the time and, by type, the message; a zone time exception shows the
 * thing's events, the others the things concerned. Users who may modify exceptions can resolve it,
 * which takes it off the open lists (Home).
 */
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, Button, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, type ExceptionDetail } from '@sightline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { api, errorData, errorText, isRetryable } from '../../api/client';
import { useRecord } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { EmptyState, PageHeader, useNotify } from '../../components';
import { formatDateTime, formatDuration } from '../../components/format';
import { useSitePath } from '../../navigation/site-links';
import { ExceptionEvents } from './ExceptionEvents';
import { ExceptionThings } from './ExceptionThings';
import { ExceptionIcon, exceptionSubject, thingPath } from './exception-text';
import { exceptionKeys } from './keys';

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
            {e.stayStart && <Fact label="Zone Entry Time">{formatDateTime(e.stayStart)}</Fact>}
            <Fact label="Status">
              {e.resolvedAt ? (
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  label={`Resolved ${formatDateTime(e.resolvedAt)}`}
                />
              ) : (
                <Chip size="small" color="warning" label="Open" />
              )}
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
  const notify = useNotify();
  const client = useQueryClient();
  const detail = useRecord<ExceptionDetail>('exceptions', id);
  const resolve = useMutation({
    mutationFn: () => api.post<ExceptionDetail>(`exceptions/${id}/resolve`),
    onSuccess: () => {
      notify.success('Exception resolved');
      return client.invalidateQueries({ queryKey: exceptionKeys.all() });
    },
    onError: (error) => notify.error(`Failed to save exception: ${errorData(error)}`),
  });
  const e = detail.data;
  const canResolve = e !== undefined && e.resolvedAt === null && session.can('exceptions', 'modify');

  return (
    <>
      <PageHeader
        title={e ? `${EXCEPTION_TYPE_LABELS[e.type]} exception` : 'Exception'}
        subtitle={e ? formatDateTime(e.time) : ' '}
        backTo="home"
        actions={
          canResolve && (
            <Button
              variant="contained"
              startIcon={<TaskAltRounded />}
              onClick={() => resolve.mutate()}
              disabled={resolve.isPending}
            >
              Resolve
            </Button>
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
          {e.type === 'zoneTimeException' ? (
            <ExceptionEvents exception={e} />
          ) : (
            <ExceptionThings things={e.things} />
          )}
        </Stack>
      )}
    </>
  );
}
