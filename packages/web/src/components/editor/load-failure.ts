/**
 * What a record that failed to load leads to: the no-access page (403), "does not exist" with the
 * way back to the list (404), or the failure text with Try again only when asking again may mend
 * it (network, 5xx); any other refusal shows its text and the way back.
 */
import { isForbidden, isNotFound, isRetryable } from '../../api/client';

export type LoadFailureKind = 'forbidden' | 'missing' | 'retry' | 'final';

export function loadFailureKind(error: unknown): LoadFailureKind {
  if (isForbidden(error)) return 'forbidden';
  if (isNotFound(error)) return 'missing';
  return isRetryable(error) ? 'retry' : 'final';
}
