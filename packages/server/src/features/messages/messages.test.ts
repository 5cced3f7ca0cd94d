import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';
import type { LiveMessage } from '../../platform/live.js';

const app = await makeApp();

function collect() {
  const seen: LiveMessage[] = [];
  const stop = app.ctx.live.subscribe((m) => {
    if (m.type === 'notification') seen.push(m);
  });
  return { seen, stop };
}

describe('POST /api/messages/user', () => {
  it("delivers the message on the user's live stream as a notification", async () => {
    const t = await makeTenant(app);
    const { seen, stop } = collect();
    const res = await t.admin.request('POST', '/api/messages/user', {
      user: t.viewer.userId,
      message: '  Please check dock 4  ',
    });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Please check dock 4', from: { id: t.admin.userId } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      type: 'notification',
      orgId: t.org.id,
      userId: t.viewer.userId,
      data: { message: 'Please check dock 4' },
    });
    expect(seen[0]?.siteId).toBeUndefined();
  });

  it.each([
    ['an empty message', { message: ' ' }],
    ['no user', { user: undefined, message: 'x' }],
    ['a malformed user id', { user: 'nope', message: 'x' }],
    ['a NUL byte', { message: 'a\u0000b' }],
    ['a huge message', { message: 'x'.repeat(2001) }],
    ['an unknown field', { message: 'x', __proto__: { admin: true }, extra: 1 }],
  ])('refuses %s with a 400 and sends nothing', async (_, body) => {
    const t = await makeTenant(app);
    const { seen, stop } = collect();
    const res = await t.admin.request('POST', '/api/messages/user', { user: t.viewer.userId, ...body });
    stop();
    expect(res.statusCode).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it('needs a session (401)', async () => {
    const t = await makeTenant(app);
    const res = await anonymous(app).request('POST', '/api/messages/user', {
      user: t.viewer.userId,
      message: 'x',
    });
    expect(res.statusCode).toBe(401);
  });

  it('needs the same-origin header for cookie sessions (403)', async () => {
    const t = await makeTenant(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/user',
      payload: { user: t.viewer.userId, message: 'x' },
      headers: { cookie: t.admin.cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for a user of another organization and sends nothing', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const { seen, stop } = collect();
    const res = await t.admin.request('POST', '/api/messages/user', {
      user: other.viewer.userId,
      message: 'hi',
    });
    stop();
    expect(res.statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });
});
