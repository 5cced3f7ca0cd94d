/**
 * Open live streams are capped per session and per user (or API key): one more answers 429 with a
 * message saying which cap and how many; closing a stream frees its slot for the next request.
 */
import { LIVE_STREAM_LIMITS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  login,
  makeApp,
  makeOrg,
  makeSite,
  makeUser,
  type OpenStream,
  openStream,
  PASSWORD,
  portOf,
  waitUntil,
} from '../../../test/factories.js';

const app = await makeApp();
const port = await portOf(app);

async function openMany(n: number, path: string, cookie: string): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < n; i += 1) streams.push(await openStream(port, path, { cookie }));
  return streams;
}

describe('live stream caps', () => {
  it('refuses one stream over the session cap with 429, and a closed stream frees its slot at once', async () => {
    const org = await makeOrg(app);
    const site = await makeSite(app, org.id);
    const user = await makeUser(app, org.id, { role: 'viewer' });
    const session = await login(app, user.username, PASSWORD, user.id);
    const path = `/api/live?site=${site.id}`;
    const streams = await openMany(LIVE_STREAM_LIMITS.perSession, path, session.cookie);
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

    const refused = await openStream(port, path, { cookie: session.cookie });
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.text())).toMatchObject({
      message: `Too many live streams for this session (at most ${LIVE_STREAM_LIMITS.perSession}): close one first`,
    });
    // Another of the same user's sessions has slots of its own.
    const other = await login(app, user.username, PASSWORD, user.id);
    const elsewhere = await openStream(port, path, { cookie: other.cookie });
    expect(elsewhere.status).toBe(200);

    // The server sees the client leave a moment later; from then on the slot is free.
    const before = app.ctx.streams.openCount();
    streams[0]?.close();
    await waitUntil(() => app.ctx.streams.openCount() === before - 1, 1000, 'the stream to end');
    const next = await openStream(port, path, { cookie: session.cookie });
    expect(next.status).toBe(200);
    for (const s of [...streams, elsewhere, next]) s.close();
  });

  it('refuses one stream over the user cap across sessions with 429', async () => {
    const org = await makeOrg(app);
    const site = await makeSite(app, org.id);
    const user = await makeUser(app, org.id, { role: 'viewer' });
    const path = `/api/live?site=${site.id}`;
    const streams: OpenStream[] = [];
    const sessions = Math.ceil(LIVE_STREAM_LIMITS.perUser / LIVE_STREAM_LIMITS.perSession);
    for (let i = 0; i < sessions; i += 1) {
      const session = await login(app, user.username, PASSWORD, user.id);
      streams.push(...(await openMany(LIVE_STREAM_LIMITS.perSession, path, session.cookie)));
    }
    expect(streams.filter((s) => s.status === 200)).toHaveLength(LIVE_STREAM_LIMITS.perUser);
    const last = await login(app, user.username, PASSWORD, user.id);
    const refused = await openStream(port, path, { cookie: last.cookie });
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.text())).toMatchObject({
      message: `Too many live streams for this user (at most ${LIVE_STREAM_LIMITS.perUser}): close one first`,
    });
    for (const s of streams) s.close();
  });
});
