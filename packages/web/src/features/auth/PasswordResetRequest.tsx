/** The password-reset request page: ask for a reset link by email, then show the confirmation page. */
import { Button, Stack, TextField } from '@mui/material';
import { MSG } from '@sightline/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { fieldMessage } from '../../api/field-errors';
import { useNotify } from '../../components/notify';
import { paths } from '../../navigation/paths';
import { AuthLayout, BackToLoginLink } from './AuthLayout';
import { resetEmailProblem } from './reset-rules';

export default function PasswordResetRequest() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = resetEmailProblem(email);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await request('/api/auth/passwordresetrequest', { method: 'POST', query: { email: email.trim() } });
      navigate(`/${paths.passwordResetConfirm}`);
    } catch (error) {
      notify.error(MSG.resetRequestFailed(fieldMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your account's email and we will send you a reset link."
    >
      <Stack spacing={2.5} component="form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          size="medium"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setProblem(undefined);
          }}
          error={Boolean(problem)}
          helperText={problem}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          Reset Password
        </Button>
        <BackToLoginLink />
      </Stack>
    </AuthLayout>
  );
}
