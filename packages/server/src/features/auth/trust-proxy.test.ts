/**
 * `X-Forwarded-For` names the client only behind a configured proxy
 * (TRUST_PROXY), so a rotating header cannot defeat the per-IP login limit.
 */
import { LOGIN_REASONS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { makeApp, randomIp } from '../../../test/factories.js';
import { parseTrustProxy } from '../../config.js';

const direct = await makeApp();
const proxied = await makeApp({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] });

const spray = (app: typeof direct, remoteAddress: string, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: `spray-${Date.now()}-${i}@example.com`, password: 'not-the-password' },
    remoteAddress,
    headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
  });

describe('TRUST_PROXY', () => {
  it('parses off, a hop count and an address list', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => parseTrustProxy('evil.example.com')).toThrow(/TRUST_PROXY/);
  });

  it('ignores X-Forwarded-For by default: a rotating header is still one IP for the login limit', async () => {
    const ip = randomIp();
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await spray(direct, ip, i)).statusCode);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const last = await spray(direct, ip, 9);
    expect(last.statusCode).toBe(429);
    expect(last.json().reason).toBe(LOGIN_REASONS.rateLimited);
  });

  it('behind a configured proxy each forwarded client counts on its own', async () => {
    const proxy = randomIp(); // inside 10.0.0.0/8
    for (let i = 0; i < 8; i++) expect((await spray(proxied, proxy, i)).statusCode).toBe(401);
    // An untrusted sender's header is ignored.
    const stranger = '192.0.2.7';
    for (let i = 0; i < 5; i++) await spray(proxied, stranger, 20 + i);
    expect((await spray(proxied, stranger, 30)).statusCode).toBe(429);
  });
});
