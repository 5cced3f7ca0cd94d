/** The frame of the pages outside the shell: a centred card on a quiet, branded background. */
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { APP_VERSION } from '@sightline/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/BrandMark';
import { paths } from '../../navigation/paths';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        background:
          'radial-gradient(1200px 600px at 10% -10%, rgba(31,79,209,0.10), transparent 60%), radial-gradient(900px 500px at 110% 110%, rgba(13,148,136,0.10), transparent 60%), #f7f9fc',
      }}
    >
      <Box sx={{ mb: 3 }}>
        <BrandLogo size={36} />
      </Box>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 4 },
          borderRadius: 4,
          boxShadow: '0 20px 48px rgba(15,23,42,0.08)',
        }}
      >
        <Stack spacing={0.75} sx={{ mb: 3 }}>
          <Typography variant="h2" component="h1">
            {title}
          </Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Stack>
        {children}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
        Version {APP_VERSION}
      </Typography>
    </Box>
  );
}

/** The way back from the password-reset pages to the login page. */
export function BackToLoginLink() {
  return (
    <Link
      component={RouterLink}
      to={`/${paths.login}`}
      variant="body2"
      underline="hover"
      sx={{ textAlign: 'center' }}
    >
      Back to Login
    </Link>
  );
}
