/**
 * One connection per reader across instances (PostgreSQL only): two in-process instances with
 * their own pools race for one reader; exactly one holds it. When the holder dies without giving
 * its lease up, the other takes the reader over once the lease runs out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storedFor, trackedSite } from '../../../test/factories/ingest.factory.js';
import { makeApp } from '../../../test/factories.js';
import { endpoints } from '../../db/schema.js';
import { LlrpReaderSimulator } from '../../tracking/simulator/llrp-reader.js';
import { liveConnections } from './repository.js';
import { createReaderConnections } from './service.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('two instances, one reader', () => {
  const reader = new LlrpReaderSimulator();
  afterAll(() => reader.stop());

  it('one holds the connection; the other takes it over within the lease when the holder dies', async () => {
    const [a, b] = await Promise.all([makeApp(), makeApp()]);
    await reader.start();
    const s = await trackedSite(a);
    await a.ctx.db
      .update(endpoints)
      .set({ connection: { mode: 'llrp', host: '127.0.0.1', port: reader.port } })
      .where(eq(endpoints.id, s.dockReader.id));
    const timings = {
      leaseMs: 1_500,
      keepaliveMs: 300,
      backoff: { initialMs: 50, maxMs: 200 },
      orgIds: [s.org.id],
    };
    const ia = createReaderConnections(a.ctx, a.log, { ...timings, holder: 'instance-a' });
    const ib = createReaderConnections(b.ctx, b.log, { ...timings, holder: 'instance-b' });
    await Promise.all([ia.tick(), ib.tick()]);
    ia.start();
    ib.start();

    const live = async () => (await liveConnections(a.ctx.db, [s.dockReader.id])).get(s.dockReader.id);
    await vi.waitFor(async () => expect((await live())?.state).toBe('connected'), { timeout: 8_000 });
    // Several lease renewals later, still exactly one holder and one session.
    await new Promise((r) => setTimeout(r, 2_000));
    const holders = [ia, ib].filter((i) => i.running().includes(s.dockReader.id));
    expect(holders).toHaveLength(1);
    expect(reader.refused).toBe(0);
    const [holder] = holders;
    const other = holder === ia ? ib : ia;

    // The holder dies: its session drops, its lease is left to run out.
    const diedAt = Date.now();
    await holder?.stop({ keepLeases: true });
    await vi.waitFor(() => expect(other.running()).toContain(s.dockReader.id), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect((await live())?.state).toBe('connected'), { timeout: 8_000 });
    expect(Date.now() - diedAt).toBeLessThan(timings.leaseMs * 3);
    expect((await live())?.reconnects).toBeGreaterThanOrEqual(1);

    reader.readTags([{ epc: '3074257BF7194E4000001A85', antennaId: 1, peakRssi: -50 }]);
    await vi.waitFor(async () => expect((await storedFor(b, s.dockReader.id)).sightings).toBe(1));
    await other.stop();
  }, 40_000);
});
