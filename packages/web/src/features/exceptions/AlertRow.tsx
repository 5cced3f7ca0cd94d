/**
 * One alert on the Alerts screen: what it is about (a link to its detail) above its message (which
 * then needs no subject: 'was in Dock for longer than …'), its zone, how
 * long it has waited, its state and who acknowledged it, and, for users who may modify exceptions,
 * a selection box and Acknowledge / Resolve buttons on an open alert (a resolved one keeps their
 * room, so the columns line up). Columns from md up, stacked lines on a phone.
 */
import DoneRounded from '@mui/icons-material/DoneRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, Checkbox, Chip, IconButton, Link, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format';
import { useSitePath } from '../../navigation/site-links';
import { formatSince, STATE_LABELS } from './alerts';
import { alertTarget, ExceptionIcon, useAlertMessage } from './exception-text';
import type { AlertAction } from './useAlertActions';

/** The desktop columns after the selection box and icon: alert, zone, waiting, state. */
export const ALERT_COLUMNS = { xs: '1fr', md: 'minmax(0, 1fr) 170px 100px 210px' };

/** A value's name on a phone, where no column header names it. */
const phoneLabel = (label: string) => (
  <Box component="span" sx={{ display: { md: 'none' }, color: 'text.primary', fontWeight: 500 }}>
    {`${label}: `}
  </Box>
);

export function StateChip({ state }: { state: ExceptionRecord['state'] }) {
  return (
    <Chip
      size="small"
      label={STATE_LABELS[state]}
      color={state === 'open' ? 'warning' : state === 'acknowledged' ? 'info' : 'success'}
      variant={state === 'open' ? 'filled' : 'outlined'}
      data-testid="alert-state"
    />
  );
}

interface AlertRowProps {
  alert: ExceptionRecord;
  now: number;
  /** Given: the user may act on this alert (selection box and buttons). */
  actions?: {
    selected: boolean;
    onSelect: (selected: boolean) => void;
    onAct: (action: AlertAction) => void;
  };
  /** The user may act on alerts: a row without actions keeps their room. */
  selectable?: boolean;
}

export function AlertRow({ alert: e, now, actions, selectable = false }: AlertRowProps) {
  const toPath = useSitePath();
  const target = alertTarget(e);
  const message = useAlertMessage(e);
  return (
    <ListItem divider disablePadding data-testid="alert-row" data-alert-id={e._id} sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1.5} sx={{ px: { xs: 1, sm: 2 }, py: 1.25, alignItems: 'flex-start' }}>
        {actions ? (
          <Checkbox
            checked={actions.selected}
            onChange={(ev) => actions.onSelect(ev.target.checked)}
            slotProps={{ input: { 'aria-label': `Select ${target}` } }}
            sx={{ mt: -0.5 }}
          />
        ) : (
          selectable && <Box sx={{ width: 42, flexShrink: 0 }} />
        )}
        <Box sx={{ pt: 0.5, display: 'flex' }}>
          <ExceptionIcon type={e.type} expectedZone={e.expectedZone} />
        </Box>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'grid',
            gridTemplateColumns: ALERT_COLUMNS,
            columnGap: 2,
            rowGap: 0.5,
            alignItems: 'center',
            typography: 'body2',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={toPath(`exceptions/${e._id}`)}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {target}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {message}
            </Typography>
          </Box>
          <Box sx={{ color: 'text.secondary', minWidth: 0, overflowWrap: 'anywhere' }}>
            {phoneLabel('Zone')}
            {e.zoneName ?? '—'}
          </Box>
          <Box sx={{ color: 'text.secondary' }} title={formatDateTime(e.time)}>
            {/* A resolved alert waited until it was resolved: its time stops there. */}
            {phoneLabel('Waiting')}
            <span data-testid="alert-since">
              {formatSince(e.time, e.resolvedAt ? Date.parse(e.resolvedAt) : now)}
            </span>
          </Box>
          <Stack
            direction="row"
            useFlexGap
            alignItems="center"
            sx={{ minWidth: 0, flexWrap: 'wrap', gap: 1 }}
          >
            <StateChip state={e.state} />
            {e.state === 'acknowledged' && (
              <Typography variant="body2" color="text.secondary" noWrap title={e.note ?? undefined}>
                by {e.acknowledgedByName ?? e.acknowledgedBy ?? 'a user'}
              </Typography>
            )}
          </Stack>
        </Box>
        {!actions && selectable && (
          <Box sx={{ width: 84, flexShrink: 0, display: { xs: 'none', sm: 'block' } }} />
        )}
        {actions && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5} sx={{ mt: -0.5 }}>
            {e.state === 'open' ? (
              <Tooltip title="Acknowledge">
                <IconButton aria-label={`Acknowledge ${target}`} onClick={() => actions.onAct('acknowledge')}>
                  <DoneRounded />
                </IconButton>
              </Tooltip>
            ) : (
              // Keeps Resolve in the same column as on open alerts.
              <Box sx={{ width: 40, display: { xs: 'none', sm: 'block' } }} />
            )}
            <Tooltip title="Resolve">
              <IconButton
                aria-label={`Resolve ${target}`}
                onClick={() => actions.onAct('resolve')}
                sx={{ color: 'success.main' }}
              >
                <TaskAltRounded />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
    </ListItem>
  );
}
