import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** One column on phones, two from sm up; full-width fields span both. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {children}
    </Box>
  );
}
