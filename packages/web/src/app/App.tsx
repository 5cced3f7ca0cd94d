/** Providers, outermost first: data cache, theme, date adapter, error bar, router. */
import { CssBaseline, ThemeProvider } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiError, setUnauthorizedHandler } from '../api/client';
import { ErrorBarProvider } from '../components/ErrorBar';
import { router } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (401, 403, 404 ...) will not change on retry; network and 5xx may.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});

setUnauthorizedHandler((referer) => {
  // The session is gone: nothing in flight or polling can succeed any more.
  void queryClient.cancelQueries();
  void router.navigate(`/login?referer=${encodeURIComponent(referer)}`, { replace: true }).then(() => {
    queryClient.removeQueries();
  });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <ErrorBarProvider>
            <RouterProvider router={router} />
          </ErrorBarProvider>
        </LocalizationProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
