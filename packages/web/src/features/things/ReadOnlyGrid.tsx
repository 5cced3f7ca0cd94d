/** Read-only facts as a labelled grid (the thing's tracking state, which the user never edits). */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

export function ReadOnlyGrid({ title, facts }: { title?: string; facts: Fact[] }) {
  return (
    <Box>
      {title && (
        <Typography variant="overline" color="text.secondary" component="h2">
          {title}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 0,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'background.default',
        }}
      >
        {facts.map((f) => (
          <Box
            key={f.label}
            sx={{
              px: 2,
              py: 1.5,
              // Hairlines between cells whatever the column count.
              boxShadow: (t) => `inset -1px -1px 0 ${t.palette.divider}`,
              minWidth: 0,
            }}
          >
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {f.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
