/**
 * The user editor's Reset Password dialog: New Password, Verify Password, and the fixed messages of
 * reset-password.ts.
 */
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { MSG, type User } from '@sightline/shared';
import { type FormEvent, useId, useState } from 'react';
import { errorData } from '../../api/client';
import { useSave } from '../../api/hooks';
import { useNotify } from '../../components';
import { resetPasswordProblem } from './reset-password';
import { userBody } from './user-form';

export function ResetPasswordButton({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<LockResetRounded />} onClick={() => setOpen(true)}>
        Reset Password
      </Button>
      {open && <ResetPasswordDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const save = useSave<User>('users');
  const [password, setPassword] = useState('');
  const [verify, setVerify] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const found = resetPasswordProblem(password, verify, [user.username, user.name]);
    setProblem(found);
    if (found) return;
    try {
      const body = userBody(
        { ...user, sendEmail: false, password, securityCtx: { ...user.securityCtx } },
        password,
      );
      await save.mutateAsync({ id: user.id, body });
      notify.success(MSG.savedName(user.name));
      onClose();
    } catch (error) {
      notify.error(MSG.saveFailed(errorData(error)));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Reset Password</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={problem === MSG.enterValidPassword || problem === MSG.passwordTooWeak}
              helperText={problem === MSG.passwordsNotSame ? undefined : problem}
            />
            <TextField
              label="Verify Password"
              type="password"
              autoComplete="new-password"
              value={verify}
              onChange={(e) => setVerify(e.target.value)}
              error={problem === MSG.passwordsNotSame}
              helperText={problem === MSG.passwordsNotSame ? problem : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Reset Password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
