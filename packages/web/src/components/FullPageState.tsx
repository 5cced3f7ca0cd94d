/** Whole-page loading and failure states, shown before the shell can render. */
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { BrandMark } from './BrandMark';

export function FullPageLoader() {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      role="status"
      aria-label="Loading"
    >
      <Stack alignItems="center" spacing={2}>
        <BrandMark size={40} />
        <CircularProgress size={22} />
      </Stack>
    </Box>
  );
}

export function FullPageError(props: { message: string; onRetry: () => void; onSignOut: () => void }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Stack alignItems="center" spacing={2} sx={{ maxWidth: 420, textAlign: 'center' }}>
        <BrandMark size={40} />
        <Typography variant="h3">Sightline could not start</Typography>
        <Typography color="text.secondary">{props.message}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={props.onRetry}>
            Try again
          </Button>
          <Button onClick={props.onSignOut}>Logout</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
