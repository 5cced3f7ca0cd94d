import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { loadFailureKind } from './load-failure';

const refused = (status: number) => new ApiError(status, 'x', 'x', undefined);

describe('loadFailureKind', () => {
  it('a missing record leads back to the list, never to Try again', () => {
    expect(loadFailureKind(refused(404))).toBe('missing');
  });
  it('a refusal is the no-access page', () => {
    expect(loadFailureKind(refused(403))).toBe('forbidden');
  });
  it('Try again only where asking again may mend it', () => {
    expect(loadFailureKind(refused(502))).toBe('retry');
    expect(loadFailureKind(new TypeError('Failed to fetch'))).toBe('retry');
    expect(loadFailureKind(refused(400))).toBe('final');
  });
});
