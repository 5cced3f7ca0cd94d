import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, hasSessionEnded, isRetryable, request, setUnauthorizedHandler } from './client';

describe('isRetryable', () => {
  it('offers a retry only for what asking again may mend: network failures and 5xx', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new ApiError(500, 'Internal Server Error', 'x', undefined))).toBe(true);
    expect(isRetryable(new ApiError(503, 'Service Unavailable', 'x', undefined))).toBe(true);
    for (const status of [400, 401, 403, 404, 409])
      expect(isRetryable(new ApiError(status, 'No', 'x', undefined))).toBe(false);
  });
});

describe('the end of a session', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const toLogin = vi.fn();
  const answer = (status: number, body: unknown = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', { location: { pathname: '/events', search: '?site=s1' } });
    setUnauthorizedHandler(toLogin);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    toLogin.mockReset();
  });

  it('after the first 401 no signed-in call reaches the network until a sign-in answers', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { message: 'Sign in again' }));
    await expect(request('/api/events')).rejects.toMatchObject({ status: 401 });
    expect(hasSessionEnded()).toBe(true);
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(toLogin).toHaveBeenCalledWith('/events?site=s1');

    // Polling screens on their way out: refused here, no request, no second redirect.
    for (let i = 0; i < 8; i += 1)
      await expect(request('/api/events')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toLogin).toHaveBeenCalledTimes(1);

    // Signing in goes through and opens the way again.
    fetchMock.mockResolvedValueOnce(answer(200, { id: 'u1' }));
    await request('/api/auth/login', { method: 'POST', body: { username: 'a', password: 'b' } });
    expect(hasSessionEnded()).toBe(false);
    fetchMock.mockResolvedValueOnce(answer(200, []));
    await request('/api/events');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
