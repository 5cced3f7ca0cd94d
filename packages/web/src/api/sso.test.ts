import { ALL_SITES, BUILT_IN_ROLES, ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { needsSsoAvailability } from './sso';

const rulesOf = (id: string) => BUILT_IN_ROLES.find((r) => r.id === id)?.rules ?? [];

describe('needsSsoAvailability', () => {
  it('signed in, only users who may manage SSO settings ask whether SSO is on', () => {
    expect(needsSsoAvailability(undefined)).toBe(false);
    expect(needsSsoAvailability(rulesOf(ROLE_IDS.viewer))).toBe(false);
    expect(needsSsoAvailability(rulesOf(ROLE_IDS.manager))).toBe(false);
    expect(needsSsoAvailability(rulesOf(ROLE_IDS.admin))).toBe(true);
    expect(needsSsoAvailability([{ role: 'r', resource: '*', action: 'delete', site: ALL_SITES }])).toBe(
      true,
    );
  });
});
