/** A Home card: title, a refresh button, and its loading, failure and empty states. */
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import { Box, Button, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { errorText, isRetryable } from '../../api/client';
import { EmptyState } from '../../components';

export interface DashboardCardProps {
  title: string;
  subtitle?: ReactNode;
  /** The query behind the card. */
  query: { isFetching: boolean; isPending: boolean; error: Error | null; refetch: () => unknown };
  /** Shown when loaded and there is nothing to show. */
  empty?: { icon: ReactNode; title: string; description?: string } | false;
  actions?: ReactNode;
  children: ReactNode;
}

export function DashboardCard({ title, subtitle, query, empty, actions, children }: DashboardCardProps) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  // Live updates refetch in the background every second or so; only a refresh the user asked for shows progress.
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    if (!query.isFetching) setRefreshing(false);
  }, [query.isFetching]);
  const refresh = () => {
    setRefreshing(true);
    void query.refetch();
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {refreshing && query.isFetching && (
        <LinearProgress
          aria-label="Loading"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
        />
      )}
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 2.5, pt: 2, pb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h2" id={id}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
        <Tooltip title="Refresh">
          <IconButton
            aria-label={`Refresh ${title}`}
            onClick={refresh}
            disabled={refreshing && query.isFetching}
            className="no-print"
          >
            <RefreshRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {query.error && query.isPending ? (
          <EmptyState
            icon={<ErrorOutlineRounded />}
            tone="error"
            title={`Could not load ${title.toLowerCase()}`}
            description={errorText(query.error)}
            action={isRetryable(query.error) && <Button onClick={refresh}>Try again</Button>}
          />
        ) : !query.isPending && empty ? (
          <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
        ) : (
          children
        )}
      </Box>
    </Paper>
  );
}
