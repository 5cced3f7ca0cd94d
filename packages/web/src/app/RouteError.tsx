/** Shown when a screen fails to load or render (e.g. a stale bundle after a deploy). */
import { Button, Stack, Typography } from '@mui/material';
import { useRouteError } from 'react-router';
import { BrandMark } from '../components/BrandMark';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack
      alignItems="center"
      justifyContent="center"
      spacing={2}
      sx={{ minHeight: '100vh', p: 3, textAlign: 'center' }}
    >
      <BrandMark size={40} />
      <Typography variant="h3">Something went wrong</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        This screen could not be shown. Reloading usually helps; if it keeps happening, contact support.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
