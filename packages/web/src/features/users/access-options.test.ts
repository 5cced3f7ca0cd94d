import { ALL_SITES, SUPER_ADMIN_ROLE_ID } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { roleOptions, siteOptions } from './access-options';

describe('role and site choices', () => {
  const roles = [
    { id: SUPER_ADMIN_ROLE_ID, name: 'Super Admin' },
    { id: 'viewer', name: 'Viewer' },
  ];
  it('offers Super Admin only where it may be granted', () => {
    expect(roleOptions(roles, false)).toEqual([{ value: 'viewer', label: 'Viewer' }]);
    expect(roleOptions(roles, true).map((o) => o.label)).toEqual(['Super Admin', 'Viewer']);
    expect(roleOptions(undefined, true)).toEqual([]);
  });
  it('puts All Sites first', () => {
    expect(siteOptions([{ _id: 's1', name: 'Main' }])).toEqual([
      { value: ALL_SITES, label: 'All Sites' },
      { value: 's1', label: 'Main' },
    ]);
  });
});
