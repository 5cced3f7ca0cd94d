/**
 * The login page's second step: a code from the authenticator app (or a recovery code), or, when
 * the organization requires a second factor the user has not set up, the set-up itself.
 */
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import type { LoginSecondStep, TotpEnrolResult, TotpSetup, User } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorData } from '../../api/client';
import { totpKeys } from './keys';
import { RecoveryCodes, TotpEnrol } from './TotpEnrol';
import { useCodeForm } from './useCodeForm';

export function TotpLoginStep({
  step,
  onSignedIn,
  onCancel,
}: {
  step: LoginSecondStep;
  onSignedIn: (user: User) => void;
  onCancel: () => void;
}) {
  return step.secondFactor === 'totp' ? (
    <CodeStep pendingToken={step.pendingToken} onSignedIn={onSignedIn} onCancel={onCancel} />
  ) : (
    <EnrolStep pendingToken={step.pendingToken} onSignedIn={onSignedIn} onCancel={onCancel} />
  );
}

type StepProps = { pendingToken: string; onSignedIn: (user: User) => void; onCancel: () => void };

function CodeStep({ pendingToken, onSignedIn, onCancel }: StepProps) {
  const { code, setCode, problem, busy, submit } = useCodeForm(async (typed) =>
    onSignedIn(await api.post<User>('auth/totp', { pendingToken, code: typed })),
  );
  return (
    <Stack spacing={2.5} component="form" onSubmit={submit} noValidate>
      <Typography variant="body2">
        Enter the 6-digit code from your authenticator app, or a recovery code.
      </Typography>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <TextField
        label="Authentication code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy || code.trim() === ''} fullWidth>
        Verify
      </Button>
      <Button onClick={onCancel}>Back to sign in</Button>
    </Stack>
  );
}

function EnrolStep({ pendingToken, onSignedIn, onCancel }: StepProps) {
  const setup = useQuery({
    queryKey: totpKeys.setup(pendingToken),
    queryFn: () => api.post<TotpSetup>('auth/totp/setup', { pendingToken }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [done, setDone] = useState<TotpEnrolResult | undefined>();
  if (done)
    return (
      <RecoveryCodes codes={done.recoveryCodes} onDone={() => onSignedIn(done.user)} doneLabel="Continue" />
    );
  return (
    <Stack spacing={2.5}>
      <Alert severity="info">
        Your organization requires two-factor authentication: set it up to continue.
      </Alert>
      {setup.error && (
        <Alert severity="error" role="alert">
          {errorData(setup.error)}
        </Alert>
      )}
      {setup.data && (
        <TotpEnrol
          setup={setup.data}
          submitLabel="Turn on and sign in"
          onConfirm={async (code) =>
            setDone(await api.post<TotpEnrolResult>('auth/totp/enrol', { pendingToken, code }))
          }
        />
      )}
      <Button onClick={onCancel}>Back to sign in</Button>
    </Stack>
  );
}
