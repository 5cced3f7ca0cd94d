import { createContext, useContext } from 'react';

export type Severity = 'success' | 'error' | 'info' | 'warning';
/** Shows a message in the error bar (SPEC §8: 6 seconds, a Close button). */
export interface Notify {
  show: (message: string, severity?: Severity) => void;
  success: (message: string) => void;
  error: (message: string) => void;
}
export const NotifyContext = createContext<Notify | undefined>(undefined);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside ErrorBarProvider');
  return notify;
}
