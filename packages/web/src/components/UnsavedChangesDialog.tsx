/**
 * Leaving a screen with unsaved edits: a move inside the console (side menu, links, browser back)
 * is held and asks Discard or Save; a reload or a closed tab gets the browser's own prompt
 * (beforeunload). Cancel, focused first, stays with the edits; a Save that fails stays too.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/** Whether a navigation from one place to another leaves the screen (a query change does not). */
const leavesScreen = (from: { pathname: string }, to: { pathname: string }) => from.pathname !== to.pathname;

/**
 * Holds navigations while `dirty`; `moving` (when set) lets the screen's own moves through, such
 * as going back to the list after a save.
 */
export function useUnsavedChanges(dirty: boolean, moving?: RefObject<boolean>): Blocker {
  const current = useRef(dirty);
  current.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      current.current && !moving?.current && leavesScreen(currentLocation, nextLocation),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (moving?.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, moving]);
  return blocker;
}

export interface UnsavedChangesDialogProps {
  blocker: Blocker;
  /** 'This zone has changes that are not saved.' */
  message: string;
  /** Saves; true when saved (the held navigation then goes on). */
  onSave: () => Promise<boolean>;
  /** Without the right to save, only Discard and Cancel are offered. */
  canSave?: boolean;
}

export function UnsavedChangesDialog({
  blocker,
  message,
  onSave,
  canSave = true,
}: UnsavedChangesDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [saving, setSaving] = useState(false);
  const open = blocker.state === 'blocked';
  const save = async () => {
    setSaving(true);
    try {
      if (await onSave()) blocker.proceed?.();
      else blocker.reset?.();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : () => blocker.reset?.()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Unsaved changes</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => blocker.reset?.()} disabled={saving} color="inherit" autoFocus>
          Cancel
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()} disabled={saving}>
          Discard
        </Button>
        {canSave && (
          <Button variant="contained" onClick={save} disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
