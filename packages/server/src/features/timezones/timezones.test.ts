import { formatUtcOffset, standardOffsetMinutes, timezoneName } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();

describe('timezones', () => {
  it('lists every IANA zone as { id, name } with its standard UTC offset', async () => {
    const t = await makeTenant(app);
    const res = await t.viewer.request('GET', '/api/timezones');
    expect(res.statusCode).toBe(200);
    const zones: { id: string; name: string }[] = res.json();
    expect(zones.length).toBeGreaterThan(300);
    const byId = new Map(zones.map((z) => [z.id, z.name]));
    expect(byId.get('Europe/Berlin')).toBe('Europe/Berlin (UTC+01:00)');
    expect(byId.get('America/Chicago')).toBe('America/Chicago (UTC-06:00)');
    expect(byId.get('Asia/Kolkata')).toBe('Asia/Kolkata (UTC+05:30)');
    expect(byId.get('Australia/Sydney')).toBe('Australia/Sydney (UTC+10:00)');
    expect(byId.get('UTC')).toBe('UTC (UTC+00:00)');
    for (const zone of zones) expect(zone.name).toMatch(/^\S+ \(UTC[+-]\d{2}:\d{2}\)$/);
  });

  it('formats offsets', () => {
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
    expect(standardOffsetMinutes('Europe/London', 2024)).toBe(0);
    expect(timezoneName('Pacific/Chatham', 2024)).toBe('Pacific/Chatham (UTC+12:45)');
  });

  it('rejects bad input: no parameters are taken, unknown ones are ignored', async () => {
    const t = await makeTenant(app);
    expect((await t.viewer.request('GET', '/api/timezones?limit=abc')).statusCode).toBe(200);
    expect((await t.viewer.request('POST', '/api/timezones', {})).statusCode).toBe(404);
  });

  it('requires authentication', async () => {
    expect((await anonymous(app).request('GET', '/api/timezones')).statusCode).toBe(401);
  });
});
