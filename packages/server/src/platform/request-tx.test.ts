/** A request's transaction runs its after-commit effects once it committed, and never when it rolls back. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../../test/factories.js';
import { afterCommit, describeChanges, describedChanges, inRequestTransaction } from './request-tx.js';

const app = await makeApp();
const db = app.ctx.database.db;

describe('afterCommit', () => {
  it('runs after the COMMIT, in order; at once outside a request transaction', async () => {
    const ran: string[] = [];
    await inRequestTransaction(db, async (tx) => {
      afterCommit(() => ran.push('first'));
      afterCommit(() => ran.push('second'));
      await tx.execute(sql`SELECT 1`);
      ran.push('work done');
    });
    expect(ran).toEqual(['work done', 'first', 'second']);
    afterCommit(() => ran.push('now'));
    expect(ran.at(-1)).toBe('now');
  });

  it('never runs when the transaction rolls back', async () => {
    const ran: string[] = [];
    await expect(
      inRequestTransaction(db, async () => {
        afterCommit(() => ran.push('published'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
  });

  it('keeps the changes a route described for its audit rows, within its request only', async () => {
    const seen = await inRequestTransaction(db, async () => {
      describeChanges([{ resourceId: 'a', siteId: null, changes: { state: ['open', 'resolved'] } }]);
      return describedChanges();
    });
    expect(seen).toEqual([{ resourceId: 'a', siteId: null, changes: { state: ['open', 'resolved'] } }]);
    expect(describedChanges()).toBeUndefined();
  });
});
