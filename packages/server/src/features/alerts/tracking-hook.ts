/**
 * The tracking store's before-COMMIT hook for exceptions: the system resolves what the batch
 * cleared (features/exceptions/system-resolve.ts), then the exceptions the batch raised and those
 * it resolved are queued for the `exception` webhooks in the batch's transaction — delivered if
 * and only if the batch commits.
 */
import type { Tx } from '../../db/client.js';
import type { Committed } from '../../tracking/store/index.js';
import type { ExceptionStep } from '../exceptions/changes.js';
import { findExceptions } from '../exceptions/repository.js';
import { resolveClearedExceptions } from '../exceptions/system-resolve.js';
import { enqueueExceptionWebhooks } from '../webhooks/outbox.js';

export async function settleTrackingExceptions(tx: Tx, committed: Committed): Promise<void> {
  const resolved = await resolveClearedExceptions(tx, committed);
  const raised = await findExceptions(
    tx,
    committed.orgId,
    committed.exceptions.map((e) => e.id),
  );
  const created = raised.map((record): ExceptionStep => ({ change: 'created', record }));
  await enqueueExceptionWebhooks(tx, committed.orgId, [...created, ...resolved]);
}
