/**
 * The password-reset page: set a new password with the mailed token; the token carries the username
 * for display. The token is checked as the page opens, so a used or expired link says so (with a way
 * to ask for a new one) before anything is typed. The strength checker (zxcvbn and its
 * dictionaries) loads only when typing starts.
 */
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { MSG, RESET_REASONS, usernameFromResetToken } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, request } from '../../api/client';
import { paths } from '../../navigation/paths';
import { AuthLayout, BackToLoginLink } from './AuthLayout';
import { newPasswordProblem } from './reset-rules';

type StrengthCheck = (password: string, userInputs: string[]) => boolean;
let strengthCheck: Promise<StrengthCheck> | undefined;
/** The strength checker, imported once on first use (its dictionaries are most of its weight). */
const loadStrengthCheck = () => {
  strengthCheck ??= import('./password-strength').then((m) => m.isStrongPassword);
  return strengthCheck;
};

/** Whether the link's token can still set a password: true, false (used, expired, unknown) or undefined while asking. */
function useTokenUsable(token: string): boolean | undefined {
  const query = useQuery({
    queryKey: ['passwordreset', 'check', token],
    queryFn: async ({ signal }) => {
      try {
        await request('/api/auth/passwordreset/check', { method: 'POST', body: { token }, signal });
        return true;
      } catch (error) {
        // Only the server's "invalid token" closes the form; a failed request leaves it open,
        // and setting the password still answers the truth.
        if (error instanceof ApiError && error.status < 500) return false;
        return true;
      }
    },
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return token === '' ? false : query.data;
}

export default function PasswordResetForm() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('token') ?? '';
  const username = usernameFromResetToken(token);
  // A mangled link decodes to garbage ('i\uFFFD'): show no account rather than that.
  const shownName = /[\uFFFD\p{Cc}]/u.test(username) ? '' : username;
  const usable = useTokenUsable(token);
  const [password, setPassword] = useState('');
  const [verify, setVerify] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const typed = (value: string) => {
    setPassword(value);
    void loadStrengthCheck();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const isStrong = password ? await loadStrengthCheck() : undefined;
    const found = newPasswordProblem(password, verify, isStrong?.(password, [username]) ?? false);
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

  if (usable === false)
    return (
      <AuthLayout title="This link no longer works">
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {MSG.resetTokenInvalid}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            Reset links work once, for one hour. Ask for a new one and use the newest email.
          </Typography>
          <Button
            component={RouterLink}
            to={`/${paths.passwordResetRequest}`}
            variant="contained"
            size="large"
            fullWidth
          >
            Request a New Link
          </Button>
          <BackToLoginLink />
        </Stack>
      </AuthLayout>
    );

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
          onChange={(e) => typed(e.target.value)}
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
        <Button type="submit" variant="contained" size="large" disabled={busy || usable !== true} fullWidth>
          Set Password
        </Button>
        <BackToLoginLink />
      </Stack>
    </AuthLayout>
  );
}
