/**
 * The password-reset page: set a new password with the mailed token; the token carries the username
 * for display.
 */
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { isStrongPassword, MSG, RESET_REASONS, usernameFromResetToken } from '@sightline/shared';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, request } from '../../api/client';
import { paths } from '../../navigation/paths';
import { AuthLayout } from './AuthLayout';
import { newPasswordProblem } from './reset-rules';

export default function PasswordResetForm() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('token') ?? '';
  const username = usernameFromResetToken(token);
  // A mangled link decodes to garbage ('i\uFFFD'): show no account rather than that.
  const shownName = /[\uFFFD\p{Cc}]/u.test(username) ? '' : username;
  const [password, setPassword] = useState('');
  const [verify, setVerify] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>(token ? undefined : MSG.resetTokenInvalid);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = newPasswordProblem(password, verify, isStrongPassword(password, [username]));
    setProblem(found);
    setFailure(undefined);
    if (found) return;
    setBusy(true);
    try {
      await request('/api/auth/passwordreset', { method: 'POST', body: { password, token } });
      navigate(`/${paths.login}`, { replace: true });
    } catch (error) {
      const weak = error instanceof ApiError && error.reason === RESET_REASONS.weak;
      setFailure(weak ? MSG.passwordMustBeStronger : MSG.resetTokenInvalid);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Choose a new password">
      <Stack spacing={2.5} component="form" onSubmit={submit} noValidate>
        {shownName && (
          <Box
            sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
          >
            <Typography variant="caption" color="text.secondary">
              Account
            </Typography>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{shownName}</Typography>
          </Box>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          label="New Password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          size="medium"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem !== undefined && problem !== MSG.passwordsMustMatch}
          helperText="At least 10 characters; a passphrase of unrelated words works well."
        />
        <TextField
          label="Verify New Password"
          type="password"
          name="verify-password"
          autoComplete="new-password"
          size="medium"
          value={verify}
          onChange={(e) => setVerify(e.target.value)}
          error={Boolean(problem)}
          helperText={problem}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !token} fullWidth>
          Set Password
        </Button>
        <Link
          component={RouterLink}
          to={`/${paths.login}`}
          variant="body2"
          underline="hover"
          sx={{ textAlign: 'center' }}
        >
          Back to Login
        </Link>
      </Stack>
    </AuthLayout>
  );
}
