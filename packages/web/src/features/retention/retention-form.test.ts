import { RETENTION_DEFAULTS, RETENTION_MSG } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDays, toRetentionBody, toRetentionForm } from './retention-form';

describe('retention form', () => {
  it('round-trips the policy, keep forever as null', () => {
    const policy = { ...RETENTION_DEFAULTS, events: null };
    const form = toRetentionForm(policy);
    expect(form.events).toEqual({ days: '', forever: true });
    expect(form.sightings).toEqual({ days: '14', forever: false });
    expect(toRetentionBody(form)).toEqual({ body: policy });
  });

  it('names each class the server would refuse', () => {
    const form = toRetentionForm(RETENTION_DEFAULTS);
    form.sightings.days = '0';
    form.mail.days = '';
    form.events.days = '2.5';
    const result = toRetentionBody(form);
    expect(result.errors).toEqual({
      sightings: RETENTION_MSG.days,
      mail: RETENTION_MSG.days,
      events: RETENTION_MSG.days,
    });
  });

  it('formats bytes and days', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(8192)).toBe('8.0 kB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(null)).toBe('Forever');
  });
});
