/**
 * The page a user sees on a screen their roles do not open (reached by a link or a typed address):
 * one calm message and the way home. No retry: asking again cannot change an access rule.
 */
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Button, Paper } from '@mui/material';
import { Link } from 'react-router';
import { useSitePath } from '../navigation/site-links';
import { EmptyState } from './EmptyState';

const NO_ACCESS = {
  title: "You don't have access to this page",
  description: 'Your roles do not include this screen. If you need it, ask an administrator.',
  home: 'Go to Home',
} as const;

export function NoAccess() {
  const toPath = useSitePath();
  return (
    <Paper variant="outlined" sx={{ mt: { xs: 1, sm: 2 } }}>
      <EmptyState
        icon={<LockOutlined />}
        title={NO_ACCESS.title}
        titleComponent="h1"
        description={NO_ACCESS.description}
        action={
          <Button component={Link} to={toPath('home')} variant="contained" startIcon={<HomeOutlined />}>
            {NO_ACCESS.home}
          </Button>
        }
      />
    </Paper>
  );
}
