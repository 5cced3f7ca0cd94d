/** The Sightline logo mark: a reader's sight ring around a tag, and the word mark beside it. */
import { Box, Stack, Typography } from '@mui/material';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
      <rect width="32" height="32" rx="8" fill="#1f4fd1" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
      <circle cx="16" cy="16" r="3.5" fill="#5eead4" />
      <path d="M16 3v5M16 24v5M3 16h5M24 16h5" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </Box>
  );
}

export function BrandLogo({ size = 30 }: { size?: number }) {
  return (
    <Stack direction="row" alignItems="center" spacing={1.25}>
      <BrandMark size={size} />
      <Typography
        sx={{ fontWeight: 750, fontSize: size * 0.6, letterSpacing: '-0.02em', color: 'text.primary' }}
      >
        Sightline
      </Typography>
    </Stack>
  );
}
