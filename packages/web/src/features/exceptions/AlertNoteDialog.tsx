/**
 * The question before acknowledging or resolving: how many alerts, and an optional note (kept with
 * the alert, at most 1000 characters). The note is focused first: nothing here is destroyed.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { EXCEPTION_MSG } from '@sightline/shared';
import { useEffect, useId, useState } from 'react';
import type { AlertAction } from './useAlertActions';

const NOTE_MAX = 1000;
const VERB: Record<AlertAction, string> = { acknowledge: 'Acknowledge', resolve: 'Resolve' };

export interface AlertNoteRequest {
  action: AlertAction;
  ids: string[];
}

export function AlertNoteDialog(props: {
  request: AlertNoteRequest | undefined;
  busy: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { request } = props;
  const [note, setNote] = useState('');
  const titleId = useId();
  useEffect(() => {
    if (request) setNote('');
  }, [request]);
  const verb = request ? VERB[request.action] : '';
  const count = request?.ids.length ?? 0;
  const tooLong = note.trim().length > NOTE_MAX;
  return (
    <Dialog
      open={request !== undefined}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{count === 1 ? `${verb} alert` : `${verb} ${count} alerts`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {request?.action === 'resolve'
            ? 'Resolved alerts leave the Alerts list.'
            : 'Others see who is on it; the alert stays listed until it is resolved.'}
        </DialogContentText>
        <TextField
          label="Note (optional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          autoFocus
          fullWidth
          error={tooLong}
          helperText={tooLong ? EXCEPTION_MSG.noteTooLong : ' '}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={props.busy} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => props.onConfirm(note)} disabled={props.busy || tooLong} variant="contained">
          {verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
