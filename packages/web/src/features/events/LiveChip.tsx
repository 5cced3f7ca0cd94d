/** Whether a screen is updated by the live stream or, while it is down, by polling. */
import { Box, Chip } from '@mui/material';
import { useLiveConnected } from '../../api/live';

export function LiveChip() {
  const live = useLiveConnected();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'default'}
      label={live ? 'Live' : 'Polling'}
      // success.main on white is below 4.5:1 for small text; the label uses the darker shade.
      sx={{ '& .MuiChip-label': { color: live ? 'success.dark' : 'text.secondary' } }}
      title={
        live ? 'Updates arrive as they happen' : 'Live updates unavailable: refreshing every few seconds'
      }
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: live ? 'success.main' : 'text.disabled',
            ml: 1,
          }}
        />
      }
    />
  );
}
