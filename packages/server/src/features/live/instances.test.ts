/**
 * Two instances on one PostgreSQL: a revocation made through instance A ends, within a second, a
 * live stream held by instance B — each instance rechecks its own streams against the database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeApp,
  msUntilEnded,
  openStream,
  portOf,
  REVOCATIONS,
  REVOKED_STREAM_CLOSES_WITHIN_MS,
} from '../../../test/factories.js';
import type { App } from '../../platform/context.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('live streams across instances', () => {
  let a: App;
  let b: App;
  let portB = 0;
  beforeAll(async () => {
    [a, b] = await Promise.all([makeApp(), makeApp()]);
    portB = await portOf(b);
  });

  it.each(REVOCATIONS.map((r) => [r.name, r] as const))(
    '%s on instance A ends the stream held by instance B',
    async (_, revocation) => {
      const prepared = await revocation.prepare(a);
      const stream = await openStream(portB, `/api/live?site=${prepared.siteId}`, prepared.auth);
      expect(stream.status).toBe(200);
      await prepared.revoke(a);
      expect(await msUntilEnded(stream, Date.now())).toBeLessThanOrEqual(REVOKED_STREAM_CLOSES_WITHIN_MS);
      expect(stream.text()).toContain(`"status":${prepared.status}`);
    },
  );
});
