/**
 * Login: Email, Password, Enter submits, SSO buttons when available, SSO error warning; and what
 * single sign-on hands back (a link waiting for the password, a second factor to enter). Empty
 * entries are named at their fields with the shared login schema's texts before anything is sent;
 * a refused login shows only the fixed login texts.
 */
import { Alert, AlertTitle, Box, Button, Divider, Link, Stack, TextField } from '@mui/material';
import {
  fieldProblems,
  isSecondStep,
  LoginBody,
  type LoginResult,
  type LoginSecondStep,
  loginErrorMessage,
  MSG,
  type User,
} from '@sightline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api, errorText } from '../../api/client';
import { serverIssues } from '../../api/field-errors';
import { sessionKeys } from '../../api/keys';
import { useSsoProviders } from '../../api/sso';
import { paths } from '../../navigation/paths';
import { TotpLoginStep } from '../totp/TotpLoginStep';
import { AuthLayout } from './AuthLayout';
import { afterLoginPath } from './login-target';
import { linkNotice, secondStepFromHash } from './sso-return';

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const providers = useSsoProviders();
  const okta = providers.has('okta');
  const entra = providers.has('entra');
  const [username, setUsername] = useState(() => search.get('username') ?? '');
  const ssoLink = linkNotice(search);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [ssoError, setSsoError] = useState(search.get('error'));
  // A sign-in through the provider that still needs the code arrives with its step in the fragment.
  const [secondStep, setSecondStep] = useState<LoginSecondStep | undefined>(() => {
    const step = secondStepFromHash(window.location.hash);
    if (step) window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return step;
  });
  const referer = search.get('referer');
  const ssoHref = (provider: string) =>
    `/auth/${provider}/redirect${referer ? `?referer=${encodeURIComponent(afterLoginPath(referer))}` : ''}`;

  const signedIn = (user: User) => {
    client.clear();
    client.setQueryData(sessionKeys.me(), user);
    navigate(afterLoginPath(referer), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    const problems = fieldProblems(LoginBody, { username, password });
    setFields(problems);
    if (problems.username || problems.password) {
      (problems.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<LoginResult>('auth/login', { username: username.trim(), password });
      // features/totp: the password was right and a second step follows (no session yet).
      if (isSecondStep(result)) setSecondStep(result);
      else signedIn(result);
    } catch (error) {
      const refused = error instanceof ApiError && error.status < 500;
      const onFields = Object.fromEntries(serverIssues(error).map((i) => [i.path, i.message]));
      if (onFields.username || onFields.password) setFields(onFields);
      else setFailure(refused ? loginErrorMessage(error.reason) : errorText(error));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  if (secondStep) {
    return (
      <AuthLayout title="Two-factor authentication" subtitle={username.trim()}>
        <TotpLoginStep
          step={secondStep}
          onSignedIn={signedIn}
          onCancel={() => {
            setSecondStep(undefined);
            setPassword('');
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to follow every asset and worker across your sites.">
      <Stack spacing={2.5} component="form" onSubmit={submit} noValidate>
        {ssoError !== null && (
          <Alert severity="warning" onClose={() => setSsoError(null)}>
            <AlertTitle sx={{ mb: ssoError ? 0.25 : 0 }}>{MSG.ssoError}</AlertTitle>
            {ssoError}
          </Alert>
        )}
        {ssoLink && (
          <Alert severity="info" role="status">
            {ssoLink}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="username"
          autoComplete="username"
          autoFocus={!ssoLink}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setFields(({ username: _, ...rest }) => rest);
          }}
          inputRef={usernameRef}
          error={Boolean(fields.username)}
          helperText={fields.username}
          size="medium"
        />
        <Box>
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus={!!ssoLink}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setFields(({ password: _, ...rest }) => rest);
            }}
            inputRef={passwordRef}
            error={Boolean(fields.password)}
            helperText={fields.password}
            size="medium"
          />
          <Box sx={{ textAlign: 'right', mt: 1 }}>
            <Link
              component={RouterLink}
              to={`/${paths.passwordResetRequest}`}
              variant="body2"
              underline="hover"
            >
              Forgot My Password
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          Login
        </Button>
        {(okta || entra) && (
          <>
            <Divider sx={{ color: 'text.secondary', typography: 'caption' }}>or</Divider>
            <Stack spacing={1.25}>
              {okta && (
                <Button variant="outlined" size="large" href={ssoHref('okta')} fullWidth>
                  Login with Okta
                </Button>
              )}
              {entra && (
                <Button variant="outlined" size="large" href={ssoHref('entra')} fullWidth>
                  Login with Entra
                </Button>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
