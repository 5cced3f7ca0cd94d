/** An alert's timeline on its detail: raised, acknowledged, escalated, reminded, resolved, with the note. */
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DoneRounded from '@mui/icons-material/DoneRounded';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PriorityHighRounded from '@mui/icons-material/PriorityHighRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, List, ListItem, Paper, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/format';
import { alertTimeline, type TimelineKind } from './alerts';

const ICONS: Record<TimelineKind, ReactNode> = {
  raised: <PriorityHighRounded fontSize="small" />,
  acknowledged: <DoneRounded fontSize="small" />,
  escalated: <CampaignOutlined fontSize="small" />,
  reminded: <NotificationsNoneOutlined fontSize="small" />,
  resolved: <TaskAltRounded fontSize="small" />,
};

export function AlertTimeline({ alert }: { alert: ExceptionRecord }) {
  const steps = alertTimeline(alert);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        Timeline
      </Typography>
      <List disablePadding aria-label="Timeline">
        {steps.map((step, i) => (
          <ListItem
            key={step.kind}
            disablePadding
            data-testid={`timeline-${step.kind}`}
            sx={{ alignItems: 'stretch' }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mr: 1.5 }}>
              <Box
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: step.kind === 'resolved' ? 'success.main' : 'action.selected',
                  color: step.kind === 'resolved' ? 'success.contrastText' : 'text.primary',
                }}
              >
                {ICONS[step.kind]}
              </Box>
              {i < steps.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: i < steps.length - 1 ? 2 : 0, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {step.text}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`${step.timePrefix ?? ''}${formatDateTime(step.time)}`}
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
      {alert.note && (
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="overline" color="text.secondary" component="div">
            Note
          </Typography>
          <Typography data-testid="alert-note" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {alert.note}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
