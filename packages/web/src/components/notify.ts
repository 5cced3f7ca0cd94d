import { createContext, useContext } from 'react';

export type Severity = 'success' | 'error' | 'info' | 'warning';
/** Shows a message in the error bar (for 6 seconds, with a Close button). */
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
