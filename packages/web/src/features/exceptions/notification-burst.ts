/**
 * What one browser notification says for the alerts raised in a burst: a single alert as itself
 * (its type as the title, its message as the body, opening the alert), several as one
 * notification (their count as the title, the first few named, opening the Alerts screen), so a
 * burst never stacks one notification per alert.
 */
import { EXCEPTION_TYPE_LABELS, type LiveException } from '@sightline/shared';

/** Alerts raised within this long of the burst's first one are shown together. */
export const BURST_MS = 1500;
/** The alerts a grouped notification names; the rest are counted. */
const NAMED = 3;

export interface AlertNotice {
  title: string;
  body: string;
  /** Replaces an earlier notification of the same tag instead of stacking. */
  tag: string;
  /** The console path the notification opens. */
  path: string;
}

type Raised = Pick<LiveException, '_id' | 'type' | 'thingName' | 'message'>;

/** An alert's line: only a zone time message leaves out its thing (the screens put it before). */
const line = (alert: Raised, showTimes: (text: string) => string) =>
  showTimes(
    alert.type === 'zoneTimeException' ? `${alert.thingName ?? ''} ${alert.message}`.trim() : alert.message,
  );

export function burstNotice(
  burst: readonly Raised[],
  showTimes: (text: string) => string = (text) => text,
): AlertNotice | undefined {
  const [first] = burst;
  if (!first) return undefined;
  if (burst.length === 1)
    return {
      title: `${EXCEPTION_TYPE_LABELS[first.type]} alert`,
      body: line(first, showTimes),
      tag: first._id,
      path: `exceptions/${first._id}`,
    };
  const named = burst.slice(0, NAMED).map((a) => line(a, showTimes));
  const more = burst.length - named.length;
  return {
    title: `${burst.length} new alerts`,
    body: [...named, ...(more > 0 ? [`and ${more} more`] : [])].join('\n'),
    tag: 'sightline-alerts',
    path: 'alerts',
  };
}
