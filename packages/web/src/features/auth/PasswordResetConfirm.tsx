/** The page after a reset request: the reset link was emailed if the address matches an active account. */
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { MSG } from '@sightline/shared';
import { useNavigate } from 'react-router';
import { paths } from '../../navigation/paths';
import { AuthLayout } from './AuthLayout';

export default function PasswordResetConfirm() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Check your email">
      <Stack spacing={3} alignItems="flex-start">
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <Box sx={{ color: 'primary.main', pt: 0.25 }}>
            <MarkEmailReadOutlined />
          </Box>
          <Typography>{MSG.resetConfirm}</Typography>
        </Stack>
        <Button variant="contained" size="large" fullWidth onClick={() => navigate(`/${paths.login}`)}>
          Return to Login
        </Button>
      </Stack>
    </AuthLayout>
  );
}
