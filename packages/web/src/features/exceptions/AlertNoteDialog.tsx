/**
 * The question before acknowledging or resolving: how many alerts change, and an optional note
 * (kept with the alert, at most 1000 characters). The note is focused first: nothing here is
 * destroyed. Alerts the action leaves as they are (already acknowledged) are said, not counted.
 */
import { EXCEPTION_MSG } from '@sightline/shared';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import type { AlertAction } from './useAlertActions';

const NOTE_MAX = 1000;
const VERB: Record<AlertAction, string> = { acknowledge: 'Acknowledge', resolve: 'Resolve' };

export interface AlertNoteRequest {
  action: AlertAction;
  /** The alerts that change. */
  ids: string[];
  /** Selected alerts the action leaves as they are. */
  unchanged: number;
}

function explanation({ action, unchanged }: AlertNoteRequest) {
  const effect =
    action === 'resolve'
      ? 'Resolved alerts leave the open alerts.'
      : 'Others see who is on it; the alert stays open until it is resolved.';
  if (unchanged === 0) return effect;
  const already =
    unchanged === 1
      ? '1 selected alert is already acknowledged and stays as it is.'
      : `${unchanged} selected alerts are already acknowledged and stay as they are.`;
  return `${effect} ${already}`;
}

export function AlertNoteDialog(props: {
  request: AlertNoteRequest | undefined;
  busy: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { request } = props;
  const verb = request ? VERB[request.action] : '';
  const count = request?.ids.length ?? 0;
  return (
    <TextPromptDialog
      open={request !== undefined}
      title={count === 1 ? `${verb} alert` : `${verb} ${count} alerts`}
      text={request ? explanation(request) : ''}
      label="Note (optional)"
      multiline
      confirmLabel={verb}
      problem={(note) => (note.trim().length > NOTE_MAX ? EXCEPTION_MSG.noteTooLong : undefined)}
      busy={props.busy}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
