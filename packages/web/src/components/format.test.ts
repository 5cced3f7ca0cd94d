import { describe, expect, it } from 'vitest';
import {
  formatCFloat0,
  formatClock,
  formatCoordinates,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatListDate,
  formatListDateTime,
  formatMapPoint,
  formatSeconds,
  formatSensor,
  formatSiteDateTime,
  formatTemperature,
  formatTimesIn,
} from './format';

const S = 1_000_000_000;

describe('event formats', () => {
  it('rounds cFloat0 to one decimal', () => {
    expect([4.25, 21.74, -3.05, 7, 0.04].map(formatCFloat0)).toEqual(['4.3', '21.7', '-3.0', '7.0', '0.0']);
    expect(formatCFloat0(undefined)).toBe('');
  });
});

describe('dates and times', () => {
  const when = '2026-11-27T16:20:05';
  it('shows lists and filters as YYYY/MM/DD, with a 12-hour clock to the minute', () => {
    expect(formatListDate(when)).toBe('2026/11/27');
    expect(formatListDateTime(when)).toBe('2026/11/27 04:20 pm');
    expect(formatListDateTime('2026-11-27T11:05:05')).toBe('2026/11/27 11:05 am');
  });
  it('shows everything else as MM/DD/YYYY, with the same clock', () => {
    expect(formatDate(when)).toBe('11/27/2026');
    expect(formatDateTime(when)).toBe('11/27/2026 04:20 pm');
    expect(formatDateTime('2026-11-27T00:07:00')).toBe('11/27/2026 12:07 am');
  });
  it.each(['0999-12-31T00:00:00Z', '0001-01-01T00:00:00Z', null, undefined, '', 'not a date'])(
    'shows %s as N/A in every form',
    (v) => {
      for (const f of [formatListDate, formatListDateTime, formatDate, formatDateTime])
        expect(f(v)).toBe('N/A');
    },
  );
  it('runs the Zone Status clock to the second and counts with separators', () => {
    expect(formatClock(new Date(2026, 10, 27, 16, 20, 5))).toBe('04:20:05 pm');
    expect(formatCount(12_345)).toBe('12,345');
  });
});

describe('formatDuration, the one form of a length of time', () => {
  it('shows the two largest units', () => {
    expect(formatDuration(45 * S)).toBe('45 s');
    expect(formatDuration((12 * 60 + 5) * S)).toBe('12 min 5 s');
    expect(formatDuration((2 * 3600 + 5 * 60 + 7) * S)).toBe('2 h 5 min');
    expect(formatDuration((86_400 + 3 * 3600) * S)).toBe('1 d 3 h');
    expect(formatDuration(665 * 3600 * S)).toBe('27 d 17 h');
  });
  it('drops a zero second unit, never shows less than 0 s, and nothing as —', () => {
    expect(formatDuration(3600 * S)).toBe('1 h');
    expect(formatDuration(15 * 60 * S)).toBe('15 min');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(-5)).toBe('0 s');
    expect(formatDuration(null)).toBe('—');
  });
  it('shows seconds (a reader uptime) in the same form', () => {
    expect(formatSeconds(null)).toBe('—');
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(725)).toBe('12 min 5 s');
    expect(formatSeconds(15_120)).toBe('4 h 12 min');
    expect(formatSeconds(273_600)).toBe('3 d 4 h');
  });
});

describe('display helpers', () => {
  it('rounds the sensor value to one decimal', () => {
    expect(formatSensor(21.46)).toBe('21.5');
    expect(formatSensor(3)).toBe('3.0');
    expect(formatSensor(undefined)).toBe('—');
  });
  it('shows map fractions as percentages', () => {
    expect(formatMapPoint([0.5, 0.125])).toBe('50.0% across, 12.5% down');
    expect(formatMapPoint(null)).toBe('—');
  });
  it('formats temperature and coordinates for the screens', () => {
    expect(formatTemperature(41.46)).toBe('41.5 °C');
    expect(formatTemperature(null)).toBe('—');
    expect(formatCoordinates([120, 45.456])).toBe('120, 45.46');
  });
});

describe('site clock', () => {
  it('shows a time on the site’s clock in the usual date form', () => {
    expect(formatSiteDateTime('2026-11-27T15:20:00.000Z', 'Europe/Berlin')).toBe('11/27/2026 04:20 pm');
    expect(formatSiteDateTime('2026-11-27T15:20:00.000Z', 'America/New_York')).toBe('11/27/2026 10:20 am');
    expect(formatSiteDateTime('2026-11-27T15:20:00.000Z', 'Nowhere/Else')).toBe(
      formatDateTime('2026-11-27T15:20:00.000Z'),
    );
  });

  it('rewrites the ISO times inside a server text, and nothing else', () => {
    expect(
      formatTimesIn('Dock reader has been offline since 2026-11-27T15:20:00.000Z', 'Europe/Berlin'),
    ).toBe('Dock reader has been offline since 11/27/2026 04:20 pm');
    expect(formatTimesIn('Antenna 2 of Dock reader is disconnected', 'Europe/Berlin')).toBe(
      'Antenna 2 of Dock reader is disconnected',
    );
  });
});
