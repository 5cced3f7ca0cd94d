/** The error bar: one message at a time, 6 s (ERROR_BAR_MS), with a Close button. */
import { Alert, Button, Snackbar } from '@mui/material';
import { ERROR_BAR_MS } from '@sightline/shared';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type Notify, NotifyContext, type Severity } from './notify';

interface Notice {
  id: number;
  message: string;
  severity: Severity;
}

export function ErrorBarProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | undefined>();
  const [open, setOpen] = useState(false);
  const show = useCallback((message: string, severity: Severity = 'info') => {
    setNotice({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const notify = useMemo<Notify>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show],
  );
  const close = () => setOpen(false);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Snackbar
        key={notice?.id}
        open={open}
        autoHideDuration={ERROR_BAR_MS}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        className="no-print"
      >
        <Alert
          severity={notice?.severity ?? 'info'}
          variant="filled"
          role={notice?.severity === 'error' ? 'alert' : 'status'}
          sx={{ minWidth: { sm: 360 }, maxWidth: 640, boxShadow: 6 }}
          action={
            <Button color="inherit" size="small" onClick={close}>
              Close
            </Button>
          }
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}
