import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { forgetDeleted } from './hooks';
import { resourceKeys } from './keys';

describe('forgetDeleted', () => {
  it('removes the deleted record from the cache (no refetch of it) and refreshes the lists', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const keys = resourceKeys('apikeys');
    const record = keys.detail('k1', { site: 's1' });
    const list = keys.list({ limit: 25 });
    const loadRecord = vi.fn(async () => ({ _id: 'k1', name: 'Key' }));
    const loadList = vi.fn(async () => ({ items: [], total: 0 }));
    const recordObserver = new QueryObserver(client, { queryKey: record, queryFn: loadRecord });
    const listObserver = new QueryObserver(client, { queryKey: list, queryFn: loadList });
    const stop = [recordObserver.subscribe(() => {}), listObserver.subscribe(() => {})];
    await vi.waitFor(() => {
      expect(client.getQueryState(list)?.status).toBe('success');
      expect(client.getQueryState(record)?.status).toBe('success');
    });
    expect(loadRecord).toHaveBeenCalledTimes(1);

    await forgetDeleted(client, 'apikeys', 'k1');
    expect(client.getQueryCache().find({ queryKey: record })).toBeUndefined();
    expect(loadRecord).toHaveBeenCalledTimes(1);
    expect(loadList).toHaveBeenCalledTimes(2);
    for (const s of stop) s();
    client.clear();
  });
});
