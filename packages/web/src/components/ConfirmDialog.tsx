/**
 * A yes/no question in a focus-trapping dialog. Cancel is focused first: Enter on a button that
 * opened a deletion must not carry through to the deletion itself.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for deletions (default true). */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title = 'Confirm Delete', message, confirmLabel = 'Delete', cancelLabel = 'Cancel' } = props;
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={props.busy} color="inherit" autoFocus>
          {cancelLabel}
        </Button>
        <Button
          onClick={props.onConfirm}
          disabled={props.busy}
          variant="contained"
          color={props.destructive === false ? 'primary' : 'error'}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
