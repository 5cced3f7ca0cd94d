/** A centred empty or failure state for lists and panels: icon, title, one line, an optional action. */
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /**
   * The title's element: 'h1' when the state is the whole page (no page header above it), else an
   * h2 — under a page's h1 any deeper level would skip one (axe heading-order).
   */
  titleComponent?: 'h1' | 'h2';
  /** 'error' tints the icon for failure states. */
  tone?: 'default' | 'error';
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  tone = 'default',
  titleComponent,
}: EmptyStateProps) {
  return (
    <Stack alignItems="center" spacing={1.25} sx={{ py: { xs: 6, sm: 8 }, px: 3, textAlign: 'center' }}>
      {icon && (
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: tone === 'error' ? 'rgba(217,45,32,0.08)' : 'action.selected',
            color: tone === 'error' ? 'error.main' : 'primary.main',
            mb: 0.5,
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h5" component={titleComponent ?? 'h2'}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}
