/**
 * Acknowledging and resolving alerts, from the Alerts screen and the exception detail alike: `ask`
 * opens the note dialog for the alerts the action changes (acknowledging leaves those already
 * acknowledged as they are), and confirming sends one (POST exceptions/{id}/…) or many at once
 * (POST exceptions/… with ids: all or none). Every exceptions query is refreshed afterwards; the
 * live stream tells the other consoles.
 */
import type { ExceptionRecord } from '@sightline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorData } from '../../api/client';
import { useNotify } from '../../components';
import { AlertNoteDialog, type AlertNoteRequest } from './AlertNoteDialog';
import { changedBy } from './alerts';
import { exceptionKeys } from './keys';

export type AlertAction = 'acknowledge' | 'resolve';

interface AlertChange {
  action: AlertAction;
  ids: string[];
  note: string;
}

const DONE: Record<AlertAction, string> = { acknowledge: 'acknowledged', resolve: 'resolved' };

/** 'Alert resolved', '3 alerts acknowledged'. */
const changedText = (action: AlertAction, count: number) =>
  `${count === 1 ? 'Alert' : `${count} alerts`} ${DONE[action]}`;

export function useAlertActions(onDone?: () => void) {
  const client = useQueryClient();
  const notify = useNotify();
  const [request, setRequest] = useState<AlertNoteRequest>();
  const mutation = useMutation({
    mutationFn: ({ action, ids, note }: AlertChange) => {
      const body = note.trim() ? { note: note.trim() } : {};
      if (ids.length === 1) return api.post(`exceptions/${ids[0]}/${action}`, body);
      return api.post(`exceptions/${action}`, { ids, ...body });
    },
    onSuccess: (_, { action, ids }) => {
      notify.success(changedText(action, ids.length));
      setRequest(undefined);
      onDone?.();
      return client.invalidateQueries({ queryKey: exceptionKeys.all() });
    },
    onError: (error) => notify.error(`Failed to save alert: ${errorData(error)}`),
  });

  /** Asks for the note before acting on `alerts`; nothing opens when none of them would change. */
  const ask = (action: AlertAction, alerts: Pick<ExceptionRecord, '_id' | 'state'>[]) => {
    const ids = changedBy(action, alerts);
    if (ids.length > 0) setRequest({ action, ids, unchanged: alerts.length - ids.length });
  };

  const dialog = (
    <AlertNoteDialog
      request={request}
      busy={mutation.isPending}
      onClose={() => setRequest(undefined)}
      onConfirm={(note) => request && mutation.mutate({ action: request.action, ids: request.ids, note })}
    />
  );
  return { ask, dialog };
}
