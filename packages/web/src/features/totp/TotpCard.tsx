/** userMe's 'Two-factor authentication' card: set up, recovery codes once, turn off with a code. */
import { Alert, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import type { TotpRecoveryCodes, TotpSetup, TotpStatus } from '@sightline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorData } from '../../api/client';
import { totpKeys } from './keys';
import { RecoveryCodes, TotpEnrol } from './TotpEnrol';

export function TotpCard() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: totpKeys.status(),
    queryFn: () => api.get<TotpStatus>('users/me/totp'),
  });
  const [setup, setSetup] = useState<TotpSetup | undefined>();
  const [codes, setCodes] = useState<string[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: totpKeys.status() });

  const start = async () => {
    setProblem(undefined);
    try {
      setSetup(await api.post<TotpSetup>('users/me/totp/setup'));
    } catch (error) {
      setProblem(errorData(error));
    }
  };
  const confirm = async (code: string) => {
    const result = await api.post<TotpRecoveryCodes>('users/me/totp/enable', { code });
    setSetup(undefined);
    setCodes(result.recoveryCodes);
    await refresh();
  };

  const data = status.data;
  return (
    <Card variant="outlined" component="section" aria-labelledby="totp-title" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography id="totp-title" variant="h6" component="h2">
              Two-factor authentication
            </Typography>
            {data && (
              <Chip
                size="small"
                label={data.enabled ? 'On' : 'Off'}
                variant={data.enabled ? 'filled' : 'outlined'}
                // success.dark: white text on the theme's success green is below 4.5:1 at chip size.
                sx={data.enabled ? { bgcolor: 'success.dark', color: 'common.white' } : undefined}
              />
            )}
          </Stack>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {data?.required && !data.enabled && (
            <Alert severity="warning">Your organization requires two-factor authentication.</Alert>
          )}
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} doneLabel="Done" />
          ) : setup ? (
            <TotpEnrol setup={setup} onConfirm={confirm} />
          ) : data?.enabled ? (
            <TurnOff recoveryCodesLeft={data.recoveryCodesLeft} onDone={refresh} />
          ) : data ? (
            <>
              <Typography variant="body2" color="text.secondary">
                Sign in with your password and a code from an authenticator app on your phone.
              </Typography>
              <div>
                <Button variant="contained" onClick={start}>
                  Set up two-factor authentication
                </Button>
              </div>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

function TurnOff({ recoveryCodesLeft, onDone }: { recoveryCodesLeft: number; onDone: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setProblem(undefined);
    try {
      await api.post('users/me/totp/disable', { code: code.trim() });
      await onDone();
    } catch (error) {
      setProblem(errorData(error));
      setCode('');
    }
  };
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <Typography variant="body2" color="text.secondary">
        Signing in asks for a code from your authenticator app. Recovery codes left: {recoveryCodesLeft}.
      </Typography>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Code to turn it off"
          size="small"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          helperText="A current code or a recovery code"
        />
        <Button type="submit" variant="outlined" color="error" disabled={code.trim() === ''}>
          Turn off
        </Button>
      </Stack>
    </Stack>
  );
}
