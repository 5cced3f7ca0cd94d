/**
 * Acknowledging and resolving alerts, one (POST exceptions/{id}/…) or many at once
 * (POST exceptions/… with ids: all or none). Every exceptions query is refreshed afterwards; the
 * live stream tells the other consoles.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorData } from '../../api/client';
import { useNotify } from '../../components';
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
  return useMutation({
    mutationFn: ({ action, ids, note }: AlertChange) => {
      const body = note.trim() ? { note: note.trim() } : {};
      if (ids.length === 1) return api.post(`exceptions/${ids[0]}/${action}`, body);
      return api.post(`exceptions/${action}`, { ids, ...body });
    },
    onSuccess: (_, { action, ids }) => {
      notify.success(changedText(action, ids.length));
      onDone?.();
      return client.invalidateQueries({ queryKey: exceptionKeys.all() });
    },
    onError: (error) => notify.error(`Failed to save exception: ${errorData(error)}`),
  });
}
