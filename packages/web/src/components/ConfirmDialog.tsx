/**
 * A yes/no question in a focus-trapping dialog. Cancel is focused first: Enter on a button that
 * opened a deletion must not carry through to the deletion itself.
 */
import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { DialogActionRow } from './DialogActionRow';

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
      <DialogActionRow
        cancelLabel={cancelLabel}
        onCancel={props.onClose}
        confirmLabel={confirmLabel}
        onConfirm={props.onConfirm}
        busy={props.busy}
        destructive={props.destructive !== false}
        focusCancel
      />
    </Dialog>
  );
}
