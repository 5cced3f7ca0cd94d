/**
 * The action row of the console's question dialogs: Cancel, then the action (red for deletions).
 * While the action runs both are disabled, so a second click cannot send it twice.
 */
import { Button, DialogActions } from '@mui/material';

export interface DialogActionRowProps {
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  busy?: boolean;
  /** The action is not allowed yet (beyond `busy`): a word still to type, a note too long. */
  confirmDisabled?: boolean;
  destructive?: boolean;
  /** Cancel takes the focus when the dialog opens (a yes/no question about a deletion). */
  focusCancel?: boolean;
}

export function DialogActionRow(props: DialogActionRowProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={props.onCancel} disabled={props.busy} color="inherit" autoFocus={props.focusCancel}>
        {props.cancelLabel ?? 'Cancel'}
      </Button>
      <Button
        onClick={props.onConfirm}
        disabled={props.busy || props.confirmDisabled}
        variant="contained"
        color={props.destructive ? 'error' : 'primary'}
      >
        {props.confirmLabel}
      </Button>
    </DialogActions>
  );
}
