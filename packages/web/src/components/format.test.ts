import { describe, expect, it } from 'vitest';
import {
  formatCFloat0,
  formatCoordinates,
  formatListDateTime,
  formatMapPoint,
  formatSensor,
  formatStay,
  formatTemperature,
  formatUptime,
} from './format';

const S = 1_000_000_000;

describe('event formats', () => {
  it('rounds cFloat0 to one decimal', () => {
    expect([4.25, 21.74, -3.05, 7, 0.04].map(formatCFloat0)).toEqual(['4.3', '21.7', '-3.0', '7.0', '0.0']);
    expect(formatCFloat0(undefined)).toBe('');
  });
  it('shows list date-times as YYYY/MM/DD hh:mm:ss am/pm, unset as N/A', () => {
    expect(formatListDateTime('2024-05-01T15:04:05')).toBe('2024/05/01 03:04:05 pm');
    expect(formatListDateTime('0001-01-01T00:00:00Z')).toBe('N/A');
    expect(formatListDateTime(null)).toBe('N/A');
  });
});

describe('formatStay', () => {
  it('shows the two largest units', () => {
    expect(formatStay(45 * S)).toBe('45 s');
    expect(formatStay((2 * 3600 + 5 * 60 + 7) * S)).toBe('2 h 5 min');
    expect(formatStay((86_400 + 3 * 3600) * S)).toBe('1 d 3 h');
  });
  it('drops a zero second unit and never shows less than 0 s', () => {
    expect(formatStay(3600 * S)).toBe('1 h');
    expect(formatStay(0)).toBe('0 s');
    expect(formatStay(-5)).toBe('0 s');
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
  it('formats uptime, temperature and coordinates for the screens', () => {
    expect(formatUptime(null)).toBe('—');
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(45)).toBe('45s');
    expect(formatUptime(725)).toBe('12m 5s');
    expect(formatUptime(3600)).toBe('1h');
    expect(formatUptime(15_120)).toBe('4h 12m');
    expect(formatUptime(273_600)).toBe('3d 4h');
    expect(formatTemperature(41.46)).toBe('41.5 °C');
    expect(formatTemperature(null)).toBe('—');
    expect(formatCoordinates([120, 45.456])).toBe('120, 45.46');
  });
});
