/**
 * A question answered with one text field before an action: a note to keep with it, or a word
 * typed to confirm it. The field is focused first and emptied each time the dialog opens; the
 * action stays disabled while `problem` names something wrong with the text, shown under the
 * field. Enter in a one-line field confirms, like the button.
 */
import { Dialog, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { DialogActionRow } from './DialogActionRow';

export interface TextPromptDialogProps {
  open: boolean;
  title: string;
  text: string;
  label: string;
  multiline?: boolean;
  confirmLabel: string;
  /** Red confirm button for deletions. */
  destructive?: boolean;
  /** What is wrong with the text, if anything: shown under the field, the action disabled. */
  problem?: (text: string) => string | undefined;
  /** Whether the text allows the action, beyond `problem` (a word that must be typed). */
  ready?: (text: string) => boolean;
  busy: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
}

export function TextPromptDialog(props: TextPromptDialogProps) {
  const { open, problem, ready } = props;
  const [text, setText] = useState('');
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    if (open) setText('');
  }, [open]);
  const wrong = problem?.(text);
  const allowed = !props.busy && wrong === undefined && (ready?.(text) ?? true);
  return (
    <Dialog
      open={open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {props.text}
        </DialogContentText>
        <TextField
          label={props.label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (!props.multiline && e.key === 'Enter' && allowed) props.onConfirm(text);
          }}
          multiline={props.multiline}
          minRows={props.multiline ? 2 : undefined}
          autoFocus
          fullWidth
          size={props.multiline ? 'medium' : 'small'}
          error={wrong !== undefined}
          helperText={wrong ?? ' '}
        />
      </DialogContent>
      <DialogActionRow
        onCancel={props.onClose}
        confirmLabel={props.confirmLabel}
        onConfirm={() => props.onConfirm(text)}
        busy={props.busy}
        confirmDisabled={!allowed}
        destructive={props.destructive}
      />
    </Dialog>
  );
}
