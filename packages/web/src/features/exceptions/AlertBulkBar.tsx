/**
 * Selection and bulk actions above the alerts: select all, how many are selected, Acknowledge and
 * Resolve for them (Acknowledge only while a selected alert is new: acknowledged ones stay as they
 * are). It sticks under the top bar while the list scrolls, so a phone reaches the
 * actions wherever the selected rows are.
 */
import DoneRounded from '@mui/icons-material/DoneRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { Box, Button, Checkbox, Stack, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import type { AlertAction } from './useAlertActions';

/** The top bar's height (Shell): the bar sticks just below it. */
const TOP_BAR = 64;

export function AlertBulkBar(props: {
  selected: Pick<ExceptionRecord, 'state'>[];
  all: number;
  onSelectAll: (on: boolean) => void;
  onAct: (action: AlertAction) => void;
}) {
  const { all } = props;
  const count = props.selected.length;
  const none = count === 0;
  const noneNew = !props.selected.some((e) => e.state === 'open');
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      useFlexGap
      data-testid="alert-bulk-bar"
      sx={{
        position: 'sticky',
        top: TOP_BAR,
        zIndex: 3,
        px: { xs: 1, sm: 2 },
        py: 0.5,
        flexWrap: 'wrap',
        // Opaque: rows scroll under it, not through it.
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Checkbox
        checked={count > 0 && count === all}
        indeterminate={count > 0 && count < all}
        onChange={(e) => props.onSelectAll(e.target.checked)}
        slotProps={{ input: { 'aria-label': 'Select all alerts' } }}
      />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 90 }} aria-live="polite">
        {none ? 'Select alerts to act on many' : `${count} selected`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          size="small"
          startIcon={<DoneRounded />}
          disabled={noneNew}
          onClick={() => props.onAct('acknowledge')}
        >
          Acknowledge
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<TaskAltRounded />}
          disabled={none}
          onClick={() => props.onAct('resolve')}
        >
          Resolve
        </Button>
      </Box>
    </Stack>
  );
}
