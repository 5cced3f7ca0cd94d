/** The user editor's 'Reset Two-Factor' action (Admins): the user signs in with the password alone, or enrols again. */
import PhonelinkEraseRounded from '@mui/icons-material/PhonelinkEraseRounded';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { User } from '@sightline/shared';
import { useId, useState } from 'react';
import { api, errorData } from '../../api/client';
import { useNotify } from '../../components';

export function ResetTotpButton({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const notify = useNotify();
  const reset = async () => {
    try {
      await api.delete(`users/${user.id}/totp`);
      notify.success(`Two-factor authentication reset for ${user.name}`);
    } catch (error) {
      notify.error(`Reset failed: ${errorData(error)}`);
    }
    setOpen(false);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<PhonelinkEraseRounded />} onClick={() => setOpen(true)}>
        Reset Two-Factor
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Reset two-factor authentication</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {user.name} will sign in with the password alone, or set up a new authenticator app if the
            organization requires one. Their recovery codes stop working.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={reset}>
            Reset
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
